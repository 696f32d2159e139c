package router

import (
	"unicode"
	"unicode/utf8"
)

// lookalikeLatin maps the Cyrillic and Greek letters that are drawn like a
// Latin letter to that letter ("іgnоrе" typed with Cyrillic і, о and е
// reads "ignore"). Capitals map by their shape, which is not always the
// shape of their small letter (Greek Η is an H, η is no letter of ours).
var lookalikeLatin = map[rune]rune{
	// Cyrillic small letters
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c',
	'т': 't', 'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ї': 'i', 'ј': 'j', 'һ': 'h', 'ԁ': 'd', 'ԛ': 'q',
	'ԝ': 'w',
	// Cyrillic capitals
	'А': 'a', 'В': 'b', 'Е': 'e', 'Ё': 'e', 'К': 'k', 'М': 'm', 'Н': 'h', 'О': 'o', 'Р': 'p', 'С': 'c',
	'Т': 't', 'У': 'y', 'Х': 'x', 'Ѕ': 's', 'І': 'i', 'Ї': 'i', 'Ј': 'j', 'Һ': 'h', 'Ԁ': 'd', 'Ԛ': 'q',
	'Ԝ': 'w',
	// Greek small letters
	'α': 'a', 'ε': 'e', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x',
	// Greek capitals
	'Α': 'a', 'Β': 'b', 'Ε': 'e', 'Ζ': 'z', 'Η': 'h', 'Ι': 'i', 'Κ': 'k', 'Μ': 'm', 'Ν': 'n', 'Ο': 'o',
	'Ρ': 'p', 'Τ': 't', 'Υ': 'y', 'Χ': 'x',
}

// cyrGreek reports a letter of the Greek or Cyrillic blocks.
func cyrGreek(r rune) bool {
	return r >= 0x370 && r <= 0x52F && unicode.IsLetter(r)
}

// lookalikeFolds returns, for the text s, which of its runes are look-alike
// letters to read as Latin (by byte offset), or nil when none is: every
// look-alike letter of a word that mixes them with Latin letters and no
// other Greek or Cyrillic letter ("рrеvіоus"), and every look-alike letter
// of a text whose only Greek or Cyrillic letters are look-alikes beside
// Latin words (a word "аnd" typed wholly in Cyrillic between English ones).
// Russian or Greek text keeps its letters: it has letters no Latin one
// looks like, and a word of one script is no mix.
func lookalikeFolds(s string) map[int]bool {
	any := false
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0xCD && c <= 0xD4 {
			any = true
			break
		}
	}
	if !any {
		return nil
	}
	latin, genuine := false, false
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf && ('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'):
			latin = true
		case cyrGreek(r) && lookalikeLatin[r] == 0:
			genuine = true
		}
	}
	if !latin {
		return nil
	}
	var fold map[int]bool
	mark := func(a, b int) {
		for i, r := range s[a:b] {
			if lookalikeLatin[r] != 0 {
				if fold == nil {
					fold = map[int]bool{}
				}
				fold[a+i] = true
			}
		}
	}
	if !genuine {
		mark(0, len(s))
		return fold
	}
	// Word by word: a word is a run of letters and digits.
	start := -1
	wordLatin, wordLook, wordGenuine := false, false, false
	flush := func(end int) {
		if start >= 0 && wordLatin && wordLook && !wordGenuine {
			mark(start, end)
		}
		start, wordLatin, wordLook, wordGenuine = -1, false, false, false
	}
	for i, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
		switch {
		case r < utf8.RuneSelf && ('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'):
			wordLatin = true
		case lookalikeLatin[r] != 0:
			wordLook = true
		case cyrGreek(r):
			wordGenuine = true
		}
	}
	flush(len(s))
	return fold
}

// LookalikeWords returns the words of s whose Greek or Cyrillic look-alike
// letters the router reads as Latin ones (see Normalize), as written, for
// the trace: "Іgnоrе" is shown folded to "ignore".
func LookalikeWords(s string) []string {
	fold := lookalikeFolds(s)
	if fold == nil {
		return nil
	}
	var out []string
	start, has := -1, false
	for i, r := range s + " " {
		if i < len(s) && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)) {
			if start < 0 {
				start = i
			}
			has = has || fold[i]
			continue
		}
		if start >= 0 && has {
			out = append(out, s[start:i])
		}
		start, has = -1, false
	}
	return out
}
