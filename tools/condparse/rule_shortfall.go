package condparse

// A shortfall that conditions a relaxation ("if there aren't enough in
// Canada, include the US too", "if not enough, …", 如果墨西哥的人不够，
// 泰国的人不够的话越南的也行): the places it names are read as usual, the
// shortfall words (enough, 人不够) are the frame of the wish, never a
// ranking term.

// shortfallWords are the shortfall's own words.
var shortfallWords = mustRx(`(?i)\b(?:if\s+)?(?:there\s+)?(?:aren'?t|are\s+not|is\s+not|isn'?t|not)\s+enough\b|\bnot\s+enough\b|((?:的)?(?:人|博主|达人|网红|账号|频道)?(?:数量)?不(?:太)?够(?:多)?(?:的话)?)(?:的话|[，,。；;\s]|$)`)

// shortfalls marks the shortfall words as filler; "不够辣的" (not spicy
// enough) says a quality, and stays.
func (st *state) shortfalls() {
	norm := string(st.t.norm)
	for _, m := range shortfallWords.FindAllStringSubmatchIndex(norm, -1) {
		if m[2] >= 0 {
			m = m[2:] // "…的人不够，": the shortfall, not the separator after it
		}
		a, b := runeCount(norm[:m[0]]), runeCount(norm[:m[1]])
		for k := range st.toks {
			if st.toks[k].s >= a && st.toks[k].e <= b && st.toks[k].role == roleNone {
				st.toks[k].role = roleFiller
			}
		}
	}
}
