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
