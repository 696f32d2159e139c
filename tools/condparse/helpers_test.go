package condparse

import "unicode/utf8"

func utf8RuneStart(s string, i int) bool { return i == len(s) || utf8.RuneStart(s[i]) }
