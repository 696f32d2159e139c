package agent

import (
	"regexp"
	"strings"
)

// correctionMarks are the words a user takes back what they just typed
// with, inside one message ("粉丝改成十万，哦不对，还是五万", "set it to UK,
// no wait, Ireland"); "no wait" and "actually no" count only with a
// comma or a stop after them ("actually no gaming ones" is an exclusion).
var correctionMarks = regexp.MustCompile(`(?i)(?:^|[,，;；.。!！\s])\s*(?:(?:哦不对|噢不对|不对不对|哦不是|说错了|写错了|撤销刚才那个|刚才那个不算|刚才那个不要了|刚刚那个不算|scratch that|sorry,? i meant|correction:)\s*[,，;；:：.。!！]?|(?:no wait|wait,? no|actually,? no)\s*[,，;；:：.。!！—-])`)

// correctedTail splits a follow-up at its last self-correction: what
// comes after it is the follow-up, what came before it is withdrawn (not
// applied, and named). withdrawn is "" when the text has no correction
// mark or nothing before it (a message that is only "撤销刚才那个" undoes
// nothing here: the mark needs something in the same message to take
// back).
func correctedTail(text string) (tail, withdrawn string) {
	locs := correctionMarks.FindAllStringIndex(text, -1)
	if len(locs) == 0 {
		return text, ""
	}
	first, last := locs[0], locs[len(locs)-1]
	withdrawn = strings.Trim(text[:first[0]], " ,，;；.。!！—-")
	tail = strings.TrimSpace(text[last[1]:])
	if withdrawn == "" || tail == "" {
		return text, ""
	}
	return tail, withdrawn
}
