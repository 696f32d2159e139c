package condparse

import (
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/scope"
)

// Step 1 of spec 3.7.2: anchors (URL, @handle) and quoted keywords.

// anchors turns link and @handle tokens into anchor conditions.
func (st *state) anchors() {
	for i := range st.toks {
		tk := &st.toks[i]
		switch tk.kind {
		case tkURL:
			v := widthFold(string(st.t.orig[tk.s:tk.e]))
			st.add(newCond(condition.KindAnchor, condition.URL, condition.OpEq, StringValue(v)), i, i)
			st.sig.Anchor = true
		case tkHandle:
			v := widthFold(string(st.t.orig[tk.s:tk.e]))
			st.add(newCond(condition.KindAnchor, condition.Handle, condition.OpEq, StringValue(v)), i, i)
			st.sig.Anchor = true
		case tkName:
			for _, n := range st.names {
				if n.s == tk.s {
					pc := newCond(condition.KindAnchor, condition.Channel, condition.OpEq, StringValue(n.id))
					pc.c.Label = Label{ZH: n.name, EN: n.name}
					st.add(pc, i, i)
					st.sig.Anchor = true
					break
				}
			}
		}
	}
}

// widthFold maps full-width ASCII to ASCII, keeping case.
func widthFold(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= 0xFF01 && r <= 0xFF5E }) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r >= 0xFF01 && r <= 0xFF5E {
			return r - 0xFEE0
		}
		return r
	}, s)
}

// quotes turns quoted phrases into keywords, protected from every other rule.
func (st *state) quotes() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkQuote {
			continue
		}
		inner := strings.TrimSpace(string(st.t.orig[tk.s+1 : tk.e-1]))
		pc := newCond(condition.KindKeyword, condition.Keyword, condition.OpContains, StringValue(inner))
		pc.c.Scope = scope.Tags
		st.add(pc, i, i)
		st.sig.Keyword = true
	}
}
