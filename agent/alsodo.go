package agent

import (
	"regexp"
	"strings"

	"searchagent/router"
)

// Also-do narrowing (audit 37, T1): "only the ones that also do travel",
// 只要同时也做旅行的, "just those who also cover nutrition" asks for a second
// topic beside the one held. A channel has one category, so the topic
// cannot be required as a second category (an either-or list would widen
// the search): it ranks the held set, what is held stays, and the notice
// says the set is ordered toward it, not filtered.

// alsoDoCue reads the topic of an also-do clause (group 1 or 2).
var alsoDoCue = regexp.MustCompile(`(?i)^(?:and\s+)?(?:only|just)\s+(?:keep\s+|show\s+(?:me\s+)?)?(?:the\s+ones|those|ones|the\s+creators|creators|the\s+channels|channels|people|accounts)?\s*(?:who|that|which)?\s+(?:also|additionally)\s+(?:do|does|cover|covers|make|makes|post|posts|film|films|shoot|shoots|create|creates|talk\s+about|talks\s+about|post\s+about)\s+(.+?)(?:\s+(?:too|as\s+well|content|videos|stuff))*$|` +
	`^(?:只要|只留下?|只看|只保留)(?:那些)?(?:同时也?|顺带也?|顺便也?|另外也?|也|还)(?:做|拍|发|聊|讲|涉及)(.+?)(?:内容|视频)?(?:的)?(?:博主|频道|账号|人)?$`)

// alsoDo reads an also-do clause into the command that ranks its topic
// and the note that says so; ok is false for any other clause.
func (t *turn) alsoDo(clause string) (cmds []router.Command, note string, ok bool) {
	m := alsoDoCue.FindStringSubmatch(clause)
	if m == nil {
		return nil, "", false
	}
	topic := strings.TrimSpace(m[1] + m[2])
	topic = strings.TrimSuffix(strings.TrimSuffix(topic, "的"), "内容")
	if topic == "" || len([]rune(topic)) > 24 {
		return nil, "", false
	}
	cmds = []router.Command{{Name: "add_keyword", Args: router.Args{"keywords": []string{topic}, rankingArg: []string{topic}}}}
	note = pick(t.s.zh(), "「"+topic+"」作为排序参考：每个频道只有一个类目，不能再同时要求「"+topic+"」；已有条件不变，结果按与「"+topic+"」的相关度排在前面，没有按它过滤",
		"“"+topic+"” ranks the results: a channel has one category, so it cannot be required beside the one held; the conditions are unchanged and the set is ordered toward “"+topic+"”, not filtered by it")
	return cmds, note, true
}
