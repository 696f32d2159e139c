package agent

import "testing"

// TestAssents: an assent with keep-as-said words is read as agreement
// (never an undo); a bare assent or an undo is not.
func TestAssents(t *testing.T) {
	for _, tc := range []struct {
		clauses []string
		i       int
		want    bool
	}{
		{[]string{"对", "就按刚才那个"}, 1, true},
		{[]string{"对", "就按刚才那个"}, 0, true},
		{[]string{"是的，就这样吧"}, 0, true},
		{[]string{"是的就这样吧"}, 0, true},
		{[]string{"yes", "go with that one"}, 0, false},
		{[]string{"嗯嗯"}, 0, false},
		{[]string{"还是按之前那样吧"}, 0, false},
		{[]string{"就按刚才那个"}, 0, false},
	} {
		if got := assents(tc.clauses, tc.i); got != tc.want {
			t.Errorf("assents(%q, %d) = %v, want %v", tc.clauses, tc.i, got, tc.want)
		}
	}
}
