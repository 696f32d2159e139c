package condparse

import (
	"strings"
)

// A pasted e-mail or chat message brings its frame with it (audit 36,
// P1): the "-----Original Message-----" / "Forwarded message" line, the
// header fields (From, Sent, To, Cc, Date; 发件人, 发送时间, 收件人, 抄送)
// and a closing signature ("Thanks, Dana", "Best, Tom", "谢谢！小王"). They
// name people, dates and desks, never what the creators are about: they
// are dropped before any rule reads them. The header is recognised only
// as a header, a marker line or two header labels; a Subject (主题) line
// loses its label only, its topic read as the brief is.

// mailMarker is a forwarded or replied message's marker line.
var mailMarker = mustRx(`-{2,}\s*(?:original message|forwarded message|原始邮件|转发的邮件|原邮件)\s*-{2,}|\bbegin forwarded message\s*:?|(?:^|\s)(?:原始邮件|转发邮件)\s*[:：]?`)

// mailLabel is a header field label and its colon.
var mailLabel = mustRx(`(?:^|[\s>])(from|sent|to|cc|bcc|date|subject|reply-to|发件人|发送时间|收件人|抄送|主题|日期|时间)\s*[:：]`)

// mailReply is a reply's or forward's subject mark ("Re:", "Fwd:",
// "Fw:", 回复：, 转发：) at the start of a line or after a pipe: a marker of
// a pasted message, its topic after it read as a Subject's is.
var mailReply = mustRx(`(?:^|\n|[|｜])\s*(re|fwd?|aw|回复|转发)\s*[:：]`)

// mailSender is a sender label opening a line ("From: Brightline PR |",
// "发件人：某某传媒"): said alone it is frame when the sender's name ends
// at a pipe, a line break or a comma — 发件人 at any white space too.
var mailSender = mustRx(`(?:^|\n)\s*(from|sender|发件人|发送人|来自)\s*[:：]`)

// mailSenderEnd ends a lone sender's name.
var mailSenderEnd = mustRx(`[\n|｜,，;；。]`)

// mailGreeting opens the message's body after the header.
var mailGreeting = mustRx(`\b(?:hi|hello|hey|dear|good morning|good afternoon)\b|大家好|各位好|各位|您好|你好|hi all|hi team`)

// mailSignoff is a closing signature at the end of the text: a thanks or
// regards and at most two capitalised names, or 谢谢 and a short name.
// Said without a comma or mark after the thanks ("thanks Dana", "best
// Korean") it counts only in a text with a header or a greeting.
var (
	mailSignoff       = mustRx(`(?:[.!?。！？]\s*|\s)` + mailSignoffWords + `\s*[,!.]?\s+` + mailSignoffName + `|` + zhSignoff)
	mailSignoffStrict = mustRx(`(?:[.!?。！？]\s*|\s)` + mailSignoffWords + `\s*[,!.]\s*` + mailSignoffName + `|` + zhSignoff)
)

const (
	mailSignoffWords = `(?i:thanks|thank you|thx|many thanks|best|best regards|kind regards|regards|cheers|br|warm regards|best wishes)`
	mailSignoffName  = `[A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)?\s*[.!]?\s*$`
	zhSignoff        = `(?:谢谢|感谢|多谢|辛苦了|辛苦)[！!，,。~\s]*[\p{Han}]{1,3}[！!。]?\s*$`
)

// mailFrame drops the frame of a pasted message: marks its tokens as
// filler, so no rule reads a name, a date or a desk in it.
func (st *state) mailFrame() {
	norm := string(st.t.norm)
	runeAt := func(s string, b int) int { return len([]rune(s[:b])) }
	var spans [][2]int // rune ranges
	add := func(src string, s, e int) { spans = append(spans, [2]int{runeAt(src, s), runeAt(src, e)}) }
	labels := mailLabel.FindAllStringSubmatchIndex(norm, -1)
	marker := mailMarker.FindAllStringIndex(norm, -1)
	kinds := map[string]bool{}
	for _, m := range labels {
		kinds[norm[m[2]:m[3]]] = true
	}
	replies := mailReply.FindAllStringSubmatchIndex(norm, -1)
	if len(marker) == 0 && len(kinds) < 2 {
		labels = nil
		// "From: Brightline PR | Re: Q3 creators", "发件人：某某传媒\n…": a
		// sender line alone names a person or a desk, never a topic.
		if m := mailSender.FindStringSubmatchIndex(norm); m != nil {
			rest := norm[m[1]:]
			end := -1
			if e := mailSenderEnd.FindStringIndex(rest); e != nil {
				end = e[0]
			}
			if zh := strings.ContainsAny(norm[m[2]:m[3]], "发来"); zh {
				name := strings.TrimLeft(rest, " ")
				if sp := strings.IndexAny(name, " \t"); sp >= 0 && (end < 0 || len(rest)-len(name)+sp < end) {
					end = len(rest) - len(name) + sp
				}
			}
			if end > 0 && strings.TrimSpace(rest[:end]) != "" {
				add(norm, m[2], m[1]+end)
			}
		}
	}
	for _, m := range marker {
		add(norm, m[0], m[1])
	}
	for _, m := range replies {
		add(norm, m[2], m[1]) // the subject after the mark stays
	}
	for k, m := range labels {
		label := norm[m[2]:m[3]]
		if label == "subject" || label == "主题" {
			add(norm, m[2], m[1]) // the topic stays
			continue
		}
		end := len(norm)
		if k+1 < len(labels) {
			end = labels[k+1][2]
		}
		if g := mailGreeting.FindStringIndex(norm[m[1]:end]); g != nil {
			end = m[1] + g[0]
		}
		if nl := strings.IndexByte(norm[m[1]:end], '\n'); nl >= 0 {
			end = m[1] + nl
		}
		if p := strings.IndexAny(norm[m[1]:end], "|｜"); p >= 0 {
			end = m[1] + p // "From: … | Subject: …" on one line
		}
		add(norm, m[2], end)
	}
	// The signature is read on the text as typed: its name is capitalised.
	orig := string(st.t.orig)
	sign := mailSignoffStrict
	if len(spans) > 0 || st.mailBody() {
		sign = mailSignoff
	}
	if m := sign.FindStringIndex(orig); m != nil {
		add(orig, m[0], m[1])
	}
	for _, sp := range spans {
		for i := range st.toks {
			if tk := &st.toks[i]; tk.s >= sp[0] && tk.e <= sp[1] && tk.kind != tkSpace {
				tk.role, tk.mail = roleFiller, true
			}
		}
	}
}

// mailBody reports a text that reads as a message rather than a search:
// a greeting in it. Only then is a closing "Thanks, Dana" a signature
// without a header.
func (st *state) mailBody() bool {
	return mailGreeting.MatchString(string(st.t.norm))
}
