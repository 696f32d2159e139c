package states

import (
	"errors"
	"testing"
)

func TestParseKey(t *testing.T) {
	tests := []struct {
		in   string
		want Key
		err  error
	}{
		{"expanded_clarifying/clarifying", KeyOf(ExpandedClarifying, Clarifying), nil},
		{" compact_classic/idle ", KeyOf(CompactClassic, Idle), nil},
		{"compact_classic", "", ErrBadKey},
		{"idle/compact_classic", "", ErrBadKey},
		{"expanded_agent/results", "", ErrBadKey},
		{"", "", ErrBadKey},
	}
	for _, tc := range tests {
		got, err := ParseKey(tc.in)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("ParseKey(%q) = %q, %v, want %q, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestKeyParts(t *testing.T) {
	tests := []struct {
		k          Key
		c          Container
		s          Session
		classic    bool
		inProgress bool
	}{
		{KeyOf(CompactClassic, Idle), CompactClassic, Idle, true, false},
		{KeyOf(CompactResolving, Idle), CompactResolving, Idle, true, true},
		{KeyOf(ExpandedAgent, Refining), ExpandedAgent, Refining, false, true},
		{KeyOf(ExpandedAgent, Retrieving), ExpandedAgent, Retrieving, false, true},
		{KeyOf(ExpandedRepair, EmptyRepair), ExpandedRepair, EmptyRepair, false, false},
		{"garbage", "garbage", "", false, false},
	}
	for _, tc := range tests {
		if tc.k.Container() != tc.c || tc.k.Session() != tc.s || tc.k.Classic() != tc.classic || tc.k.InProgress() != tc.inProgress {
			t.Errorf("%q: container %q session %q classic %v in progress %v, want %q %q %v %v",
				tc.k, tc.k.Container(), tc.k.Session(), tc.k.Classic(), tc.k.InProgress(), tc.c, tc.s, tc.classic, tc.inProgress)
		}
	}
}

func TestLayersAndCatalogue(t *testing.T) {
	if len(Inputs) != 7 || len(Containers) != 5 || len(Sessions) != 7 {
		t.Errorf("layers have %d/%d/%d states, want 7/5/7 (seed 000)", len(Inputs), len(Containers), len(Sessions))
	}
	for _, i := range Inputs {
		if !i.Valid() {
			t.Errorf("%q.Valid() = false", i)
		}
	}
	if Input("idle").Valid() || Container("idle").Valid() || !Session("idle").Valid() {
		t.Error("Valid accepts a state of another layer")
	}
	if len(Catalogue) != 39 {
		t.Errorf("len(Catalogue) = %d, want the seed's 39", len(Catalogue))
	}
	seen := map[string]bool{}
	for _, s := range Catalogue {
		if seen[s.ID] {
			t.Errorf("sub-state %q listed twice", s.ID)
		}
		seen[s.ID] = true
		if got, ok := Lookup(s.ID); !ok || got != s {
			t.Errorf("Lookup(%q) = %v, %v", s.ID, got, ok)
		}
	}
	if _, ok := Lookup("nowhere"); ok {
		t.Error(`Lookup("nowhere") found an entry`)
	}
}
