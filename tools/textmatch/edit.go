package textmatch

// OneEdit reports whether the ASCII strings a and b differ by exactly one
// insertion, deletion, substitution or swap of two neighbours. subst, when
// not nil, says which substituted letter pairs count (the condition
// reader takes keyboard neighbours and sound-alikes only); nil counts
// every pair.
func OneEdit(a, b string, subst func(x, y byte) bool) bool {
	if a == b {
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	switch len(b) - len(a) {
	case 0:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		if a[i+1:] == b[i+1:] {
			return subst == nil || subst(a[i], b[i])
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case 1:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		return a[i:] == b[i+1:]
	}
	return false
}
