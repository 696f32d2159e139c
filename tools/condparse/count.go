package condparse

import "searchagent/tools/number"

// MaxCount is the largest count ParseCount accepts (number.MaxCount).
const MaxCount = number.MaxCount

// ParseCount parses a follower or view count as users write it ("3000",
// "1,000", "5k", "1.5w", "10万", "1.2M", "1.5 million", "一百五十万"); it is
// number.ParseCount, the project's one number parser.
func ParseCount(s string) (int64, bool) { return number.ParseCount(s) }

// numTok is a number found in text.
type numTok = number.Num

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func isASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

func hasPrefixRunes(rs []rune, w string) bool {
	i := 0
	for _, r := range w {
		if i >= len(rs) || rs[i] != r {
			return false
		}
		i++
	}
	return true
}
