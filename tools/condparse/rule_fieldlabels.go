package condparse

import (
	"slices"
	"strings"

	"searchagent/tools/taxonomy"
)

// A key/value brief names each field before its value: "country = MX",
// "geo: CA", "region = DE/AT", "market - FR", "language: es", "国家=日本"
// (audit D1). A two-letter code after a country or language label and
// its separator (=, :, -) is that field's value — the country or the
// language — and so is every code joined to it by a list word ("DE/AT",
// "US, CA"), whatever case it is typed in; it is never a ranking term.
// The code must end its value (the end, a separator, a number or a list
// word follows it: codeEndsPlace), so that "country: us based creators"
// is left to the other rules.

// codeLabels are the field labels a code may follow, by the class of
// the value they name.
var codeLabels = map[string]lexClass{
	"country": clsCountry, "countries": clsCountry, "geo": clsCountry, "geos": clsCountry, "region": clsCountry,
	"regions": clsCountry, "market": clsCountry, "markets": clsCountry, "location": clsCountry, "locations": clsCountry,
	"territory": clsCountry, "国家": clsCountry, "地区": clsCountry, "市场": clsCountry, "区域": clsCountry, "国家/地区": clsCountry,
	"language": clsLanguage, "languages": clsLanguage, "lang": clsLanguage, "语言": clsLanguage, "语种": clsLanguage,
}

// labelSeps are the separators between a label and its value.
var labelSeps = []string{"=", ":", "-", "：", "＝", "–", "—"}

// labelledCodes turns a code after a country or language label into
// that vocabulary's dictionary token.
func (st *state) labelledCodes() {
	for i := range st.toks {
		tk := st.tok(i)
		w := st.tokText(i)
		if tk.e-tk.s != 2 || !isASCIILetters(w) || tk.kind != tkWord && tk.kind != tkLex {
			continue
		}
		cls, ok := st.codeLabelOf(i)
		if !ok || !st.codeEndsPlace(i) {
			continue
		}
		e := st.lx.codes[w]
		if cls == clsLanguage {
			e = st.lx.langCodes[w]
		}
		if e == nil {
			continue
		}
		t := &st.toks[i]
		t.kind, t.ents = tkLex, []*lexEntry{e}
	}
}

// codeLabelOf reports the class of the label that code i is the value
// of: a label, a separator, and then the code or a list of codes ending
// with it ("region = DE/AT").
func (st *state) codeLabelOf(i int) (lexClass, bool) {
	p := st.prevSig(i)
	for p >= 0 && slices.Contains(listWords, st.tokText(p)) {
		h := st.prevSig(p)
		if h < 0 || st.tok(h).e-st.tok(h).s != 2 || !isASCIILetters(st.tokText(h)) {
			return 0, false
		}
		p = st.prevSig(h)
	}
	if p < 0 || !slices.Contains(labelSeps, st.tokText(p)) {
		return 0, false
	}
	l := st.prevSig(p)
	if l < 0 {
		return 0, false
	}
	cls, ok := codeLabels[strings.ToLower(st.tokText(l))]
	return cls, ok
}

// langCodeEntries are the language vocabulary's codes, lower case, each
// as a language entry of its own: read by labelledCodes only.
func langCodeEntries() map[string]*lexEntry {
	m := map[string]*lexEntry{}
	for _, t := range taxonomy.Languages.Terms() {
		c := foldString(t.Code)
		m[c] = &lexEntry{word: c, cls: clsLanguage, code: t.Code}
	}
	return m
}

// A window written as a cell of a brief (audit D2): a duration that is a
// whole item of a slash or pipe list ("US/beauty/10k+/30d", "YouTube/美国/
// 5千-5万/60天/英语", "| 90 days |"), or the value of a window label
// ("window: 14 days", "recency = 60d", "活跃：30天"), is the activity
// window — a channel's one time field — never a keyword.

// windowLabels are the labels whose value is the activity window.
var windowLabels = map[string]bool{"window": true, "time window": true, "activity window": true, "posting window": true,
	"recency": true, "activity": true, "active": true, "last active": true, "last post": true, "last posted": true, "last upload": true,
	"timeframe": true, "time frame": true, "period": true, "时间": true, "时间窗口": true, "窗口": true, "活跃": true, "活跃度": true,
	"活跃时间": true, "更新": true, "最近更新": true, "时间范围": true}

// briefWindow reports that the window at tokens i..end is a cell of a
// brief: an item of a list of slash or pipe cells, or a window label's
// value. It returns the first token the window's condition covers (the
// label, when one is read).
func (st *state) briefWindow(i, end int) (int, bool) {
	p := st.prevSig(i)
	n := st.skipSpace(end + 1)
	if p >= 0 && slices.Contains(labelSeps, st.tokText(p)) {
		if l := st.prevSig(p); l >= 0 && st.free(l) && windowLabels[strings.ToLower(st.tokText(l))] && st.itemEdge(n) {
			return l, true
		}
	}
	if !st.cellEdge(p) || !st.cellEdge(n) || !st.slashList() && !st.pipeRow() && !st.dotRow() {
		return 0, false
	}
	return i, true
}

// cellEdge reports that token k is the edge of a brief's cell: the
// input's start or end, a slash or a pipe.
func (st *state) cellEdge(k int) bool {
	if k < 0 || k >= len(st.toks) {
		return true
	}
	tk := st.tok(k)
	return tk.kind == tkPunct && (st.t.norm[tk.s] == '/' || st.t.norm[tk.s] == '|' || st.t.norm[tk.s] == '｜' || isDot(st.t.norm[tk.s]))
}

// isDot reports a middle dot that cuts a brief's cells ("DE · tech ·
// 5k-20k · 30d").
func isDot(r rune) bool { return r == '·' || r == '•' }

// dotRow reports an input whose cells are cut by two or more middle dots.
func (st *state) dotRow() bool {
	n := 0
	for i := range st.toks {
		if tk := st.tok(i); tk.kind == tkPunct && isDot(st.t.norm[tk.s]) {
			n++
		}
	}
	return n >= 2
}

// pipeRow reports an input with a pipe between two cells.
func (st *state) pipeRow() bool {
	for i := range st.toks {
		if tk := st.tok(i); tk.kind == tkPunct && (st.t.norm[tk.s] == '|' || st.t.norm[tk.s] == '｜') && i > 0 && i < len(st.toks)-1 {
			return true
		}
	}
	return false
}
