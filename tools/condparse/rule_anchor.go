package condparse

import (
	"strings"
	"unicode/utf8"

	"searchagent/tools/textmatch"

	"searchagent/tools/condition"
	"searchagent/tools/scope"
)

// Step 1 of spec 3.7.2: anchors (URL, @handle) and quoted keywords.

// anchors turns link and @handle tokens into anchor conditions. An
// @mention of a colleague in a pasted chat message is frame, no anchor
// (mentions).
func (st *state) anchors() {
	addressed := st.mentions()
	for i := range st.toks {
		tk := &st.toks[i]
		if addressed[i] {
			continue
		}
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

// A chat message pasted into the box addresses people: "@Priya can you
// pull …", "cc @Tom", "@channel quick one", "@小王 收到". Such a mention
// names a colleague, not a channel the user wants more of: it is frame,
// dropped and named, never an anchor nor a ranking term. A mention is
// addressed when its name is a broadcast ("@channel", "@here"), when a
// carbon-copy word leads it ("cc", "fyi", 抄送), or when an address
// follows it — a second-person ask, a greeting, thanks or an
// acknowledgement ("can you", "pls", "thx", 收到, 辛苦, 麻烦, 帮忙) — or
// another addressed mention ("@Amy @Tom can you"). "channels like
// @mkbhd", "@mkbhd 这种的" and a handle before conditions ("@mkbhd 美国")
// still pin their channel.

// broadcastMentions are the names that notify a whole chat.
var broadcastMentions = map[string]bool{
	"channel": true, "here": true, "everyone": true, "everybody": true, "all": true, "team": true, "group": true,
	"所有人": true, "全体成员": true, "全体": true, "大家": true,
}

// mentionLeads are the words that put a colleague in copy before a
// mention ("cc @Tom", "fyi @Lena", "抄送 @王姐").
var mentionLeads = []string{"cc", "bcc", "fyi", "ping", "pinging", "looping in", "loop in", "+", "/cc", "抄送", "转给", "转发给"}

// mentionAddresses are the words that, right after a mention, address
// the one mentioned: an ask in the second person, a greeting, thanks, an
// acknowledgement.
var mentionAddresses = []string{
	"can you", "could you", "can u", "could u", "would you", "would u", "will you", "would you mind", "do you", "did you",
	"pls", "please", "plz", "you", "u", "thanks", "thank you", "thx", "ty", "tysm", "fyi", "hi", "hey", "hello", "yo",
	"mind", "when you get a chance", "quick one", "quick q", "quick question",
	"收到", "辛苦", "麻烦", "帮忙", "帮我", "帮个忙", "帮一下", "你", "您", "看下", "看一下", "在吗", "谢谢", "感谢", "请", "能不能", "能否", "可以帮", "可不可以",
}

// mentions marks the tokens of addressed @mentions (and the words that
// lead them) as dropped frame; it returns the tokens so marked.
func (st *state) mentions() []bool {
	norm := st.t.norm
	marked := make([]bool, len(st.toks))
	type mention struct{ s, e int } // rune range, '@' included
	var ms []mention
	for i := range st.toks {
		tk := &st.toks[i]
		switch {
		case tk.kind == tkHandle:
			ms = append(ms, mention{tk.s, tk.e})
		case (tk.kind == tkSym || tk.kind == tkPunct) && norm[tk.s] == '@' && tk.e < len(norm) && textmatch.IsCJK(norm[tk.e]):
			// "@小王": a name in CJK letters, up to four runes and then a
			// break (the platforms' handles are Latin)
			e := tk.e
			for e < len(norm) && textmatch.IsCJK(norm[e]) {
				e++
			}
			if e-tk.e <= 4 && (e == len(norm) || !textmatch.IsWordRune(norm[e])) {
				ms = append(ms, mention{tk.s, e})
			}
		}
	}
	if len(ms) == 0 {
		return marked
	}
	// skip passes white space, punctuation and symbols (emoji) from
	// rune p in direction d.
	skip := func(p, d int) int {
		for p >= 0 && p < len(norm) {
			r := norm[p]
			if r == '@' || textmatch.IsWordRune(r) || textmatch.IsCJK(r) {
				break
			}
			p += d
		}
		return p
	}
	// wordAt returns the runes of the one of ws written from rune p on
	// (or, with back, ending right before rune p), on word bounds; 0 when
	// none is.
	wordAt := func(p int, ws []string, back bool) int {
		for _, w := range ws {
			wr := []rune(w)
			a, b := p, p+len(wr)
			if back {
				a, b = p-len(wr), p
			}
			if a < 0 || b > len(norm) || string(norm[a:b]) != w {
				continue
			}
			if textmatch.IsWordRune(wr[0]) && a > 0 && textmatch.IsWordRune(norm[a-1]) ||
				textmatch.IsWordRune(wr[len(wr)-1]) && b < len(norm) && textmatch.IsWordRune(norm[b]) {
				continue
			}
			return len(wr)
		}
		return 0
	}
	addressed := make([]bool, len(ms))
	for k := len(ms) - 1; k >= 0; k-- {
		m := ms[k]
		name := string(norm[m.s+1 : m.e])
		after := skip(m.e, 1)
		before := skip(m.s-1, -1) + 1
		switch {
		case broadcastMentions[name]:
			addressed[k] = true
		case wordAt(before, mentionLeads, true) > 0:
			addressed[k] = true
		case after < len(norm) && wordAt(after, mentionAddresses, false) > 0:
			addressed[k] = true
		case k+1 < len(ms) && addressed[k+1] && after == ms[k+1].s:
			addressed[k] = true // "@Amy @Tom can you"
		}
	}
	// a mention after one put in copy is in copy too ("cc @Tom @Jess")
	for k := 1; k < len(ms); k++ {
		if addressed[k-1] && !addressed[k] && skip(ms[k-1].e, 1) == ms[k].s && wordAt(skip(ms[k-1].s-1, -1)+1, mentionLeads, true) > 0 {
			addressed[k] = true
		}
	}
	for k, m := range ms {
		if !addressed[k] {
			continue
		}
		for i := range st.toks {
			tk := &st.toks[i]
			if tk.s >= m.s && tk.e <= m.e && tk.kind != tkSpace {
				tk.role, tk.frameWord, marked[i] = roleFiller, true, true
			}
		}
		// the word that put it in copy is frame as well
		before := skip(m.s-1, -1) + 1
		if n := wordAt(before, mentionLeads, true); n > 0 {
			for i := range st.toks {
				if tk := &st.toks[i]; tk.s >= before-n && tk.e <= before && tk.role == roleNone && tk.kind != tkSpace {
					tk.role, tk.frameWord = roleFiller, true
				}
			}
		}
	}
	return marked
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
		if loc := ownNameBefore.FindStringIndex(string(st.t.norm[:tk.s])); loc != nil {
			from := utf8.RuneCountInString(string(st.t.norm[:tk.s])[:loc[0]])
			for k := range st.toks[:i] {
				if st.toks[k].s >= from && st.free(k) && st.toks[k].kind != tkSpace {
					st.toks[k].role, st.toks[k].frameWord = roleFiller, true
				}
			}
			// "品牌名是「Groomd」", "our brand is called \"Lumi\"": the
			// writer's own name in quotes is the brief's context; it
			// ranks, never filters (audit 32)
			pc := rankingTerm(StringValue(inner))
			st.add(pc, i, i)
			st.sig.Sentence = true
			continue
		}
		pc := newCond(condition.KindKeyword, condition.Keyword, condition.OpContains, StringValue(inner))
		pc.c.Scope = scope.Tags
		st.add(pc, i, i)
		st.sig.Keyword = true
	}
}

// ownNameBefore ends the words before a quote that say it is the
// writer's own brand, product or company name.
var ownNameBefore = mustRx(`(?i)(?:品牌名(?:字)?(?:是|叫|为)?|品牌叫|我们的品牌(?:是|叫)?|产品名(?:字)?(?:是|叫|为)?|产品叫|公司名(?:字)?(?:是|叫)?|公司叫|店名(?:是|叫)?|(?:our|the|my)\s+(?:brand|product|company|app|shop|store)(?:'s)?\s+(?:name\s+is|is\s+called|is\s+named|called|named)|brand\s+name\s*(?:is|:)?)\s*[:：]?\s*$`)
