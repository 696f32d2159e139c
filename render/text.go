package render

import "strconv"

// tr is a text in both languages.
type tr struct{ zh, en string }

func (t tr) in(zh bool) string {
	if zh {
		return t.zh
	}
	return t.en
}

// enCount writes an English count with the noun in the number it takes:
// "1 channel", "0 channels", "2 similar channels".
func enCount(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
