package agent

import (
	"os"
	"strings"
	"testing"
	"encoding/json"

	"searchagent/api"
)

func TestZZProbe(t *testing.T) {
	a := newTestAgent(t)
	for _, line := range strings.Split(os.Getenv("PROBE"), "\n") {
		if line == "" { continue }
		parts := strings.Split(line, " || ")
		b := newBox(t, a, "youtube", "zh")
		ev := "search.submit"
		for _, p := range parts {
			snap, err := b.try(ev, api.Args{Text: p})
			ev = "followup.submit"
			if err != nil { t.Logf("%q err %v", p, err); continue }
			var conds []string
			for _, c := range snap.Context.Conditions { v, _ := json.Marshal(c.Value); conds = append(conds, c.Field+" "+string(c.Op)+" "+string(v)+" "+string(c.Status)+" "+c.Label) }
			q, _ := json.Marshal(snap.Context.PendingQuestion)
			tot := -1
			if snap.Results != nil { tot = snap.Results.Total }
			t.Logf("%q → %s/%s total=%d sort=%s\n   conds=%v\n   notice=%s\n   q=%s", p, snap.State.Session, snap.Substate, tot, snap.Context.Sort, conds, snap.Context.Notice, q)
		}
	}
}
