package condparse

import "testing"

// TestVagueSizeDirection: a size said without a number keeps the way it
// points, so a follow-up can move the held range one step (issue 26,
// audit 21); a height with no measure points nowhere.
func TestVagueSizeDirection(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want SizeDirection
	}{
		{"larger ones", SizeLarger},
		{"粉丝再多一点的", SizeLarger},
		{"要大一些的号", SizeLarger},
		{"these are too small", SizeLarger},
		{"nothing massive", SizeSmaller},
		{"粉丝少一些", SizeSmaller},
		{"smaller than these", SizeSmaller},
		{"更小一点的", SizeSmaller},
		{"小而精的护肤博主", SizeSmaller},
		{"高一些", ""},
	} {
		rd, err := Read(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		var got []SizeDirection
		for _, sp := range rd.Remainder {
			if sp.Role == ResidueVague {
				got = append(got, sp.Direction)
			}
		}
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("%q: vague directions %q, want one %q (remainder %+v)", tc.in, got, tc.want, rd.Remainder)
		}
	}
}

// TestSixWeeks: six weeks are 42 days (they read as a month and a half).
func TestSixWeeks(t *testing.T) {
	for _, in := range []string{"posted in the past six weeks", "active within six weeks"} {
		rd, err := Read(in)
		if err != nil {
			t.Fatal(err)
		}
		got := -1
		for _, c := range rd.Conditions {
			if c.Field == "last_active" {
				got = int(c.Value.Int)
			}
		}
		if got != 42 {
			t.Errorf("%q: activity window %d days, want 42", in, got)
		}
	}
}
