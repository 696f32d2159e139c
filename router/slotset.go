package router

import "sort"

// Slots are a candidate's filled slots by name. encoding/json writes a
// map's keys in sorted order, so their JSON is deterministic.
type Slots map[string]Slot

// Get returns the slot called name.
func (s Slots) Get(name string) (Slot, bool) {
	sl, ok := s[name]
	return sl, ok
}

// Has reports whether a slot called name is filled.
func (s Slots) Has(name string) bool {
	_, ok := s[name]
	return ok
}

// Names lists the slot names in order.
func (s Slots) Names() []string { return sortedKeys(s) }

// set stores slot under name, making the map when s is nil.
func (s Slots) set(name string, slot Slot) Slots {
	if s == nil {
		s = Slots{}
	}
	s[name] = slot
	return s
}

// Args are a command's typed arguments by name (JSON: an object with
// sorted keys).
type Args map[string]any

// Get returns the argument called key, or nil.
func (a Args) Get(key string) any { return a[key] }

// Lookup returns the argument called key and whether it is set.
func (a Args) Lookup(key string) (any, bool) {
	v, ok := a[key]
	return v, ok
}

// set stores value under key, making the map when a is nil.
func (a Args) set(key string, value any) Args {
	if a == nil {
		a = Args{}
	}
	a[key] = value
	return a
}

// sortedKeys returns the keys of m in order.
func sortedKeys[M ~map[string]V, V any](m M) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
