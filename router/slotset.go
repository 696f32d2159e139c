package router

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Slots are a candidate's filled slots in name order. They encode as a
// JSON object keyed by slot name (the shape a map would have) but cost a
// query one shared allocation instead of a map per candidate.
type Slots []NamedSlot

// NamedSlot is one slot of a candidate with its name.
type NamedSlot struct {
	Name string
	Slot
}

// Get returns the slot called name.
func (s Slots) Get(name string) (Slot, bool) {
	for i := range s {
		if s[i].Name == name {
			return s[i].Slot, true
		}
	}
	return Slot{}, false
}

// Has reports whether a slot called name is filled.
func (s Slots) Has(name string) bool {
	_, ok := s.Get(name)
	return ok
}

// Names lists the slot names in order.
func (s Slots) Names() []string {
	out := make([]string, len(s))
	for i := range s {
		out[i] = s[i].Name
	}
	return out
}

// set stores slot under name, keeping name order (replacing a slot of
// the same name). It appends within s's capacity when it can.
func (s Slots) set(name string, slot Slot) Slots {
	if len(s) == 0 || s[len(s)-1].Name < name {
		return append(s, NamedSlot{Name: name, Slot: slot})
	}
	i, found := slices.BinarySearchFunc(s, name, func(n NamedSlot, name string) int { return strings.Compare(n.Name, name) })
	if found {
		s[i].Slot = slot
		return s
	}
	return slices.Insert(s, i, NamedSlot{Name: name, Slot: slot})
}

// MarshalJSON encodes the slots as an object keyed by name.
func (s Slots) MarshalJSON() ([]byte, error) {
	return marshalObject(s, func(x NamedSlot) (string, any) { return x.Name, x.Slot })
}

// UnmarshalJSON decodes an object keyed by slot name.
func (s *Slots) UnmarshalJSON(data []byte) error {
	var m map[string]Slot
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	if m == nil {
		*s = nil
		return nil
	}
	out := make(Slots, 0, len(m))
	for _, k := range sortedKeys(m) {
		out = append(out, NamedSlot{Name: k, Slot: m[k]})
	}
	*s = out
	return nil
}

// Args are a command's typed arguments in key order. They encode as a
// JSON object keyed by argument name.
type Args []Arg

// Arg is one argument of a command.
type Arg struct {
	Key   string
	Value any
}

// Get returns the argument called key, or nil.
func (a Args) Get(key string) any {
	v, _ := a.Lookup(key)
	return v
}

// Lookup returns the argument called key and whether it is set.
func (a Args) Lookup(key string) (any, bool) {
	for i := range a {
		if a[i].Key == key {
			return a[i].Value, true
		}
	}
	return nil, false
}

// Map copies the arguments into a map.
func (a Args) Map() map[string]any {
	if a == nil {
		return nil
	}
	m := make(map[string]any, len(a))
	for _, x := range a {
		m[x.Key] = x.Value
	}
	return m
}

// ArgsOf builds Args from a map, in key order.
func ArgsOf(m map[string]any) Args {
	if m == nil {
		return nil
	}
	out := make(Args, 0, len(m))
	for _, k := range sortedKeys(m) {
		out = append(out, Arg{Key: k, Value: m[k]})
	}
	return out
}

// set stores value under key, keeping key order.
func (a Args) set(key string, value any) Args {
	i, found := slices.BinarySearchFunc(a, key, func(x Arg, key string) int { return strings.Compare(x.Key, key) })
	if found {
		a[i].Value = value
		return a
	}
	return slices.Insert(a, i, Arg{Key: key, Value: value})
}

// MarshalJSON encodes the arguments as an object keyed by name.
func (a Args) MarshalJSON() ([]byte, error) {
	return marshalObject(a, func(x Arg) (string, any) { return x.Key, x.Value })
}

// UnmarshalJSON decodes an object keyed by argument name.
func (a *Args) UnmarshalJSON(data []byte) error {
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*a = ArgsOf(m)
	return nil
}

// UnmarshalYAML decodes a mapping keyed by argument name.
func (a *Args) UnmarshalYAML(node *yaml.Node) error {
	var m map[string]any
	if err := node.Decode(&m); err != nil {
		return err
	}
	*a = ArgsOf(m)
	return nil
}

// marshalObject encodes an ordered list of key/value pairs as a JSON
// object (null for a nil list), as encoding/json encodes a map.
func marshalObject[E any](list []E, kv func(E) (string, any)) ([]byte, error) {
	if list == nil {
		return []byte("null"), nil
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, x := range list {
		if i > 0 {
			b.WriteByte(',')
		}
		key, v := kv(x)
		k, err := json.Marshal(key)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		val, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("value of %q: %w", key, err)
		}
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
