package classifier

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// FeatureSet names the feature extraction a weights file was trained
// with; a file trained with another set is refused at load.
const FeatureSet = "cjk-char-1-3+latin-word-1-2+latin-char-3-5"

// Features extracts the n-gram features of an already normalised text
// (the router's Normalize: lower case, full width folded, traditional
// folded to simplified): character 1-3-grams inside runs of CJK
// characters; words and word bigrams plus character 3-5-grams of each
// padded word inside Latin runs; digit runs collapse to "0" so that
// "5万" and "50万" share features. The order is the text's; duplicates
// stay (the model is multinomial).
func Features(text string) []string {
	var out []string
	var cjk []rune
	var words []string
	flushCJK := func() {
		for n := 1; n <= 3; n++ {
			for i := 0; i+n <= len(cjk); i++ {
				out = append(out, "c:"+string(cjk[i:i+n]))
			}
		}
		cjk = cjk[:0]
	}
	flushWords := func() {
		for i, w := range words {
			out = append(out, "w:"+w)
			if i > 0 {
				out = append(out, "b:"+words[i-1]+"_"+w)
			}
			p := []rune("<" + w + ">")
			for n := 3; n <= 5; n++ {
				for j := 0; j+n <= len(p); j++ {
					out = append(out, "g:"+string(p[j:j+n]))
				}
			}
		}
		words = words[:0]
	}
	var word strings.Builder
	endWord := func() {
		if word.Len() > 0 {
			words = append(words, word.String())
			word.Reset()
		}
	}
	lastDigit := false
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		switch {
		case isCJK(r):
			endWord()
			if len(words) > 0 {
				flushWords()
			}
			cjk = append(cjk, r)
			lastDigit = false
		case unicode.IsDigit(r):
			if len(cjk) > 0 {
				// A number inside a CJK run ("5万") stays one position.
				if !lastDigit {
					cjk = append(cjk, '0')
				}
				lastDigit = true
				continue
			}
			if !lastDigit {
				word.WriteByte('0')
			}
			lastDigit = true
		case unicode.IsLetter(r) || r == '\'':
			if len(cjk) > 0 {
				flushCJK()
			}
			if r != '\'' {
				word.WriteRune(r)
			}
			lastDigit = false
		default:
			endWord()
			if len(cjk) > 0 {
				flushCJK()
			}
			lastDigit = false
		}
	}
	endWord()
	flushWords()
	flushCJK()
	return out
}

func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}
