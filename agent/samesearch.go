package agent

import (
	"regexp"
	"strings"

	"searchagent/agent/fsm"
	"searchagent/tools/condition"
	"searchagent/tools/platform"
)

// sameSearchCues say that the search held is to be run again as it is
// ("same but for TikTok", "same thing on Instagram", "同样的条件在抖音",
// "TikTok也来一份"): said beside another platform, they are the platform
// question's third answer said outright. A move that keeps the rest
// ("move it to TikTok, everything else the same", "换成TikTok，其他不变")
// is still asked about.
var sameSearchCues = []string{"same but", "same thing", "same search", "same criteria", "same conditions", "same filters",
	"same settings", "same again", "do the same", "同样的条件", "同样的要求", "同样的筛选", "一样的条件", "一样的要求", "相同的条件",
	"照搬", "也来一份", "也来一套", "也来一遍", "也搜一份", "也整一份", "再来一份"}

// sameSearchElsewhere switches the session to the platform a follow-up
// asked for with the same conditions when it says so outright (audit 36,
// class Q4): the pending platform chip of this turn is answered as the
// question's "Search <platform>, same conditions" option answers it, and
// the notice says the switch. Without such a cue ("look at Instagram
// too") the platform stays pending and is asked about.
func (t *turn) sameSearchElsewhere() {
	s := t.s
	if t.ev != fsm.FollowupSubmit || s.Anchor != nil || !saysSameSearch(t.args.Text) {
		return
	}
	for _, c := range s.Conds {
		if c.Field != string(condition.Platform) || c.Status != condition.StatusPending || c.Turn != s.Turn || c.Op != condition.OpEq {
			continue
		}
		p, err := platform.Parse(c.Value.Str)
		if err != nil || p == s.Platform {
			return
		}
		from := s.Platform.Label(s.Locale)
		s.Platform = p
		s.removeCond(c.ID)
		there := p.Label(s.Locale)
		s.note(pick(s.zh(), "平台已换成 "+there+"（原为 "+from+"），条件不变", "Platform switched to "+there+" (was "+from+"), same conditions"))
		return
	}
}

// saysSameSearch reports a sameSearchCues cue in text.
func saysSameSearch(text string) bool {
	l := strings.ToLower(text)
	for _, c := range sameSearchCues {
		if strings.Contains(l, c) {
			return true
		}
	}
	return false
}

// sameAsBeforeLead opens a follow-up that keeps the search and changes
// part of it ("same as before but with 20k+ followers", "like last time
// but only …", 跟刚才一样，但是…, 和上次一样，不过…, 还是刚才那样，但是…): the
// lead says nothing is undone, only the words after "but" change the
// search. Read whole, 还是刚才那样 took the turn for an undo and the
// notice said there was nothing to undo before naming the changes.
var sameAsBeforeLead = regexp.MustCompile(`(?i)^\s*(?:(?:ok(?:ay)?|so|hmm+|嗯|好|那)[\s,，]*)?(?:` +
	`(?:(?:the\s+)?same|just)\s+as\s+(?:before|last\s+time|earlier|the\s+last\s+(?:one|search)|you\s+had)|(?:just\s+)?like\s+(?:before|last\s+time|the\s+last\s+(?:one|search))|as\s+before` +
	`|(?:the\s+)?same\s+(?:search|thing|criteria|conditions|filters)(?:\s+as\s+(?:before|last\s+time))?` +
	`|(?:还是)?(?:跟|和|与|同)?(?:刚才|刚刚|上次|之前|上一次|前面)(?:的)?(?:一样|那样|那个样子|相同)(?:的)?` +
	`|(?:还是)?(?:照|按)(?:刚才|上次|之前)(?:的)?(?:来|那样)?` +
	`)[\s,，;；:：.。—–-]*(?:but|except(?:\s+that)?|only\s+(?:that|now)|just|但是|不过|只是|但|就是|除了)[\s,，:：]*`)

// sameAsBeforeChanges is text without a sameAsBeforeLead when changes
// follow it, else text.
func sameAsBeforeChanges(text string) string {
	m := sameAsBeforeLead.FindStringIndex(text)
	if m == nil || strings.TrimSpace(text[m[1]:]) == "" {
		return text
	}
	return strings.TrimSpace(text[m[1]:])
}
