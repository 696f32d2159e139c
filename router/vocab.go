package router

import (
	"strings"

	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/taxonomy"
)

// vocab is one closed vocabulary: canonical codes and the names that map
// to them.
type vocab struct {
	codes []string
	names map[string]string // normalised name → code
	order []string          // names in table order, for deterministic builds
}

// taxonomyVocab is a vocabulary of the tools/taxonomy terms: each
// term's display names and aliases (not its code: "IN" or "no" would read
// as words), minus the names skip refuses.
func taxonomyVocab(tv *taxonomy.Vocabulary, skip func(name string) bool) *vocab {
	v := &vocab{names: map[string]string{}}
	for _, t := range tv.Terms() {
		v.codes = append(v.codes, t.Code)
		v.add(t.Code, append([]string{t.ZH, t.EN}, t.Aliases...), skip)
	}
	return v
}

// add maps each name (normalised) to code, keeping the first code of a
// name. A name that is another name of the code plus "的" ("美国的") is
// left out: in running text the shorter name is found anyway, and the
// slot keeps the user's word without the particle.
func (v *vocab) add(code string, names []string, skip func(string) bool) {
	for _, n := range names {
		k := Normalize(n)
		if _, dup := v.names[k]; k == "" || dup || skip != nil && skip(k) {
			continue
		}
		if base, ok := strings.CutSuffix(k, "的"); ok && v.names[base] == code {
			continue
		}
		v.names[k] = code
		v.order = append(v.order, k)
	}
}

// builtinVocabs are the vocabularies of the typed slots, built from the
// vocabulary packages; immutable after construction and owned by the
// snapshot that built them.
type builtinVocabs struct {
	country, language, category, platform, scope *vocab
}

func newBuiltinVocabs() *builtinVocabs {
	b := &builtinVocabs{language: taxonomyVocab(taxonomy.Languages, nil), category: taxonomyVocab(taxonomy.Categories, nil)}
	// A demonym that is also a language name ("French", "German") is the
	// language, so that "French-speaking" is not France.
	b.country = taxonomyVocab(taxonomy.Countries, func(name string) bool { _, lang := b.language.names[name]; return lang })
	b.platform = &vocab{names: map[string]string{}}
	for _, p := range platform.All() {
		b.platform.codes = append(b.platform.codes, string(p))
		b.platform.add(string(p), []string{string(p), p.Label("en"), p.Label("zh")}, nil)
	}
	b.scope = &vocab{names: map[string]string{}}
	for _, sc := range scope.List() {
		b.scope.codes = append(b.scope.codes, string(sc))
		b.scope.add(string(sc), sc.Names(), nil)
	}
	return b
}

// canon lists every vocabulary's names with their codes, for the
// snapshot's content hash.
func (b *builtinVocabs) canon() [5][]string {
	var out [5][]string
	for i, v := range []*vocab{b.country, b.language, b.category, b.platform, b.scope} {
		for _, n := range v.order {
			out[i] = append(out[i], n+"|"+v.names[n])
		}
	}
	return out
}

func (b *builtinVocabs) forType(t SlotType) *vocab {
	switch t {
	case SlotCountry:
		return b.country
	case SlotLanguage:
		return b.language
	case SlotPlatform:
		return b.platform
	case SlotScope:
		return b.scope
	case SlotCategory:
		return b.category
	}
	return nil
}
