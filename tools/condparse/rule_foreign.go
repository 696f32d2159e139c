package condparse

import (
	"slices"
	"strings"
	"unicode"
)

// Words of another language (fixN, issue 26 class 3): a Spanish,
// Portuguese, French or Italian word the reading cannot place ("recetas
// fáciles", "futebol raiz", "mode et beauté", "cozinha caseira") says in
// the creators' own language what they make. The catalog's tags are
// mostly English and Chinese, so such words rank and never filter: a list
// item of them is no keyword typed (bareItems), and a Romance adjective
// is no misspelt English demonym ("italiana" is no "Italian" language:
// typos).

// foreignWords are frequent Romance words of creators' topics written
// without accents (an accented letter marks a word as foreign anyway),
// and no English word.
var foreignWords = map[string]bool{
	// food
	"receta": true, "recetas": true, "receita": true, "receitas": true, "recette": true, "recettes": true, "ricetta": true, "ricette": true,
	"comida": true, "cocina": true, "cozinha": true, "cucina": true, "casera": true, "casero": true, "caseira": true, "caseiro": true,
	"caseras": true, "caseiras": true, "postres": true, "sobremesas": true, "dulces": true, "doces": true, "panaderia": true,
	"gastronomia": true, "culinaria": true, "saludable": true, "saludables": true, "saudavel": true, "saudaveis": true,
	// sports, games, music
	"futebol": true, "futbol": true, "deportes": true, "esportes": true, "juegos": true, "jogos": true, "jeux": true,
	"videojuegos": true, "musica": true, "baile": true, "danca": true, "musculation": true, "entrenamiento": true, "treino": true,
	"ejercicio": true, "ejercicios": true, "exercicios": true, "rutina": true, "rotina": true,
	// beauty, fashion, home
	"belleza": true, "beleza": true, "beaute": true, "maquillaje": true, "maquiagem": true, "maquillage": true, "cabello": true,
	"cabelo": true, "piel": true, "pele": true, "hogar": true, "decoracion": true, "decoracao": true, "manualidades": true,
	"artesanato": true, "bricolaje": true, "jardineria": true, "jardinagem": true, "maison": true,
	// travel, family, pets, learning
	"viaje": true, "viajes": true, "viagem": true, "viagens": true, "voyage": true, "voyages": true, "familia": true,
	"ninos": true, "criancas": true, "enfants": true, "mascotas": true, "animais": true, "perros": true, "gatos": true,
	"cachorros": true, "consejos": true, "dicas": true, "tutoriales": true, "tutoriais": true, "resenas": true, "resenhas": true,
	"noticias": true, "tecnologia": true, "ciencia": true,
	// qualities said of them
	"barato": true, "baratos": true, "barata": true, "baratas": true, "facil": true, "faciles": true, "faceis": true,
	"rapido": true, "rapidos": true, "rapida": true, "rapidas": true, "raiz": true, "bonito": true, "bonita": true,
}

// romanceGlue are function words of those languages that join two words
// of a phrase ("tacos de canasta", "mode et beauté", "dicas para casa");
// between two words of an item they mark it as foreign.
var romanceGlue = map[string]bool{"de": true, "del": true, "la": true, "las": true, "los": true, "el": true, "y": true, "con": true,
	"para": true, "sin": true, "com": true, "da": true, "das": true, "dos": true, "em": true, "et": true, "les": true, "des": true,
	"du": true, "pour": true, "avec": true, "aux": true, "di": true, "della": true, "per": true}

// foreignWord reports a word written in another Latin-script language: a
// letter with an accent ("fáciles", "beauté", "saudáveis") or a word of
// foreignWords.
func foreignWord(w string) bool {
	w = strings.ToLower(w)
	if foreignWords[w] {
		return true
	}
	return strings.IndexFunc(w, func(r rune) bool { return r > 0x7f && unicode.Is(unicode.Latin, r) && unicode.IsLetter(r) }) >= 0
}

// foreignItem reports tokens from..to that hold a word of another
// language, or a Romance function word between two words.
func (st *state) foreignItem(from, to int) bool {
	var words []string
	for k := from; k <= to; k++ {
		if tk := &st.toks[k]; tk.kind != tkSpace && tk.kind != tkPunct {
			words = append(words, st.tokText(k))
		}
	}
	for i, w := range words {
		if foreignWord(w) || i > 0 && i < len(words)-1 && romanceGlue[strings.ToLower(w)] {
			return true
		}
	}
	// an item of a Portuguese sentence ("…, sem comprar seguidores")
	return len(words) > 0 && st.portuguese()
}

// romanceAdjective reports a word that is an English demonym with a
// Romance ending added ("italiana", "mexicano", "americana"): an
// adjective of another language, no typo of the demonym.
func romanceAdjective(w, target string) bool {
	return len(w) == len(target)+1 && strings.HasPrefix(w, target) && strings.ContainsRune("aoe", rune(w[len(w)-1]))
}

// foreignRanks reports a terse keyword run of another language said
// beside conditions or as a follow-up ("MX recetas caseras 10k+"): it
// ranks. Typed alone as a first search it is the keyword search asked
// for.
func (st *state) foreignRanks(r run) bool {
	return (st.sig.Condition || st.cfg.followup) && st.foreignItem(r.from, r.to)
}

// portugueseWords are words only Portuguese (of the Romance languages
// the box meets) writes: with one of them, or ã/õ, a sentence is
// Portuguese, whose "no"/"na" are "in the" ("no Instagram", "no Brasil"),
// never the English or Spanish "no".
var portugueseWords = map[string]bool{"não": true, "nao": true, "sem": true, "com": true, "em": true, "uma": true, "umas": true,
	"uns": true, "dos": true, "das": true, "você": true, "vocês": true, "voce": true, "canais": true, "também": true, "muito": true,
	"são": true, "está": true, "estão": true, "pelo": true, "pela": true, "nossa": true, "nosso": true, "seguidores": false}

// portuguese reports a sentence written in Portuguese: a word of
// portugueseWords, or a letter ã or õ, and at least two words of the
// Romance languages in all (foreignWord, romanceGlue, "que").
func (st *state) portuguese() bool {
	marked, romance := false, 0
	for i := range st.toks {
		if k := st.toks[i].kind; k == tkSpace || k == tkPunct || k == tkNum {
			continue
		}
		w := strings.ToLower(st.tokText(i))
		if portugueseWords[w] || strings.ContainsAny(w, "ãõ") {
			marked = true
		}
		if portugueseWords[w] || foreignWord(w) || romanceGlue[w] || w == "que" {
			romance++
		}
	}
	return marked && romance >= 2
}

// portugueseIn reports a Portuguese "no"/"na"/"nos"/"nas" ("in the") at
// i before a platform, a country or a capitalised name: no exclusion.
func (st *state) portugueseIn(i int) bool {
	switch strings.ToLower(st.tokText(i)) {
	case "no", "na", "nos", "nas":
	default:
		return false
	}
	n := st.skipSpace(i + 1)
	if n >= len(st.toks) || n == i+1 {
		return false
	}
	nt := st.tok(n)
	named := nt.has(clsPlatform) != nil || nt.has(clsCountry) != nil || nt.kind == tkWord && unicode.IsUpper([]rune(st.tokText(n))[0])
	return named && st.portuguese()
}

// romanceMarkers are frequent words only Spanish, Portuguese or Catalan
// write (function words and the count nouns of a brief); englishMarkers
// the English ones a brief around a count writes.
var (
	romanceMarkers = map[string]bool{"de": true, "del": true, "en": true, "em": true, "con": true, "com": true, "amb": true, "y": true,
		"o": true, "ou": true, "que": true, "los": true, "las": true, "el": true, "la": true, "os": true, "as": true, "um": true, "una": true,
		"más": true, "mais": true, "més": true, "menos": true, "hasta": true, "até": true, "entre": true, "para": true, "sin": true, "sem": true,
		"seguidores": true, "suscriptores": true, "inscritos": true, "seguidors": true, "subscritores": true, "canales": true, "canais": true,
		"perfiles": true, "perfis": true, "cuentas": true, "contas": true, "creadores": true, "criadores": true, "mínimo": true, "minimo": true,
		"busco": true, "quiero": true, "quero": true, "procuro": true, "no": false}
	englishMarkers = map[string]bool{"the": true, "with": true, "and": true, "or": true, "in": true, "of": true, "subs": true,
		"followers": true, "subscribers": true, "more": true, "than": true, "over": true, "under": true, "at": true, "least": true,
		"channels": true, "creators": true, "who": true, "want": true, "need": true, "find": true, "looking": true, "for": true}
)

// romanceText reports a sentence written in Spanish, Portuguese or
// Catalan (issue 26, class B2): more of romanceMarkers' words than of
// englishMarkers', at least two. Its "mil" after a number is a thousand.
func romanceText(norm []rune) bool {
	rom, en := 0, 0
	for _, w := range strings.FieldsFunc(string(norm), func(r rune) bool { return !unicode.IsLetter(r) }) {
		w = strings.ToLower(w)
		if romanceMarkers[w] {
			rom++
		}
		if englishMarkers[w] {
			en++
		}
	}
	return rom >= 2 && rom > en
}

// Function words of another language at a keyword's edge (class G1): in
// a sentence written in Spanish, Portuguese, French, Italian or German
// ("canales de humor de España", "Kanäle mit Technik-Reviews", "chaînes
// avec des recettes pour enfants"), a preposition, article or
// conjunction left at the start or the end of a keyword run joins the
// sentence, never the topic: it is trimmed, and a run of nothing else
// is no keyword. Inside a run it stays the phrase's glue ("tacos de
// canasta"). The sentence's language decides (foreignText): in English
// text, or a terse search, "de" stays what the other rules read
// (Germany in "de gaming 10k+").

// foreignGlue are the function words trimmed from a keyword's edges in
// a sentence of another language. Negations ("no", "sin", "sem",
// "ohne", "sans") are not among them: the exclusion rules read them.
var foreignGlue = map[string]bool{
	// Spanish, Portuguese, Italian
	"de": true, "da": true, "do": true, "del": true, "das": true, "dos": true, "di": true, "della": true, "dello": true, "dei": true,
	"y": true, "e": true, "con": true, "com": true, "para": true, "per": true, "en": true, "em": true, "el": true, "la": true, "los": true,
	"las": true, "lo": true, "os": true, "um": true, "uma": true, "una": true, "uno": true, "al": true, "ao": true, "na": true, "nas": true,
	"por": true, "pelo": true, "pela": true, "sobre": true, "que": true,
	// French
	"des": true, "du": true, "le": true, "les": true, "et": true, "avec": true, "pour": true, "au": true, "aux": true, "une": true,
	"sur": true, "dans": true,
	// German
	"mit": true, "und": true, "für": true, "fur": true, "von": true, "vom": true, "aus": true, "zum": true, "zur": true, "über": true,
	"der": true, "die": true, "den": true, "dem": true, "ein": true, "eine": true, "einen": true, "oder": true, "auf": true, "im": true,
}

// foreignMarkers are words that mark a sentence as written in one of
// those languages (with accented words, foreignWord): their function
// words and their creator nouns.
var foreignMarkers = map[string]bool{
	"mit": true, "und": true, "für": true, "von": true, "aus": true, "der": true, "die": true, "das": true, "ein": true, "eine": true,
	"oder": true, "auf": true, "kanäle": true, "kanal": true, "kanaele": true, "avec": true, "pour": true, "des": true, "les": true,
	"et": true, "du": true, "une": true, "dans": true, "chaînes": true, "chaines": true, "créateurs": true, "createurs": true,
	"canali": true, "della": true, "di": true, "per": true, "com": true, "da": true, "do": true,
}

// foreignText reports a sentence written in another Latin-script
// language: Spanish, Portuguese or Catalan (romanceText), or more of
// foreignMarkers' words and accented words than of English markers, at
// least two.
func (st *state) foreignText() bool {
	if st.foreign == 0 {
		// the text is read once a parse, however many runs ask
		st.foreign = 1
		if st.readForeignText() {
			st.foreign = 2
		}
	}
	return st.foreign == 2
}

// readForeignText is foreignText's reading of the text.
func (st *state) readForeignText() bool {
	if romanceText(st.t.norm) {
		return true
	}
	fr, en := 0, 0
	for _, w := range strings.FieldsFunc(string(st.t.norm), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
		w = strings.ToLower(w)
		if foreignMarkers[w] || romanceMarkers[w] || foreignWord(w) {
			fr++
		}
		if englishMarkers[w] {
			en++
		}
	}
	return fr >= 2 && fr > en
}

// trimGlueSpan trims foreignGlue words (and the spaces beside them) from
// the edges of tokens a..b of a terse keyword in a sentence of another
// language; they become filler. It returns the span left (a > b when
// none is).
func (st *state) trimGlueSpan(a, b int) (int, int) {
	glue := func(k int) bool {
		tk := &st.toks[k]
		return (tk.kind == tkWord || tk.kind == tkLex) && tk.role != roleCond && foreignGlue[st.tokText(k)]
	}
	if a > b || !glue(a) && !glue(b) || !st.foreignText() {
		return a, b
	}
	for a <= b && (st.toks[a].kind == tkSpace || glue(a)) {
		if glue(a) {
			st.toks[a].role = roleFiller
		}
		a++
	}
	for b >= a && (st.toks[b].kind == tkSpace || glue(b)) {
		if glue(b) {
			st.toks[b].role = roleFiller
		}
		b--
	}
	return a, b
}

// trimForeignGlue trims foreignGlue words from the edges of keyword
// runs in a sentence of another language; they are filler, and a run of
// nothing else is gone.
func (st *state) trimForeignGlue(rs []run) []run {
	glue := func(k int) bool {
		tk := &st.toks[k]
		return (tk.kind == tkWord || tk.kind == tkLex) && tk.role == roleContent && foreignGlue[st.tokText(k)]
	}
	if !slices.ContainsFunc(rs, func(r run) bool { return glue(r.from) || glue(r.to) }) || !st.foreignText() {
		return rs
	}
	out := rs[:0]
	for _, r := range rs {
		for r.from <= r.to && (st.toks[r.from].kind == tkSpace || glue(r.from)) {
			if glue(r.from) {
				st.toks[r.from].role = roleFiller
			}
			r.from++
		}
		for r.to >= r.from && (st.toks[r.to].kind == tkSpace || glue(r.to)) {
			if glue(r.to) {
				st.toks[r.to].role = roleFiller
			}
			r.to--
		}
		if r.from <= r.to {
			out = append(out, r)
		}
	}
	return out
}

// foreignGlueSaid reports a sentence of another language (foreignText)
// that joins a creator noun or a condition to its words with a
// foreignGlue word ("canales de humor de España", "Kanäle mit
// Technik-Reviews"). Glue between two plain words is a phrase's
// ("recetas de cocina" typed alone stays the keyword search asked for).
func (st *state) foreignGlueSaid() bool {
	placed := func(k int) bool {
		if k < 0 || k >= len(st.toks) {
			return false
		}
		tk := &st.toks[k]
		return tk.role == roleCond || tk.kind == tkLex && tk.has(clsCreator) != nil
	}
	for k := range st.toks {
		if tk := &st.toks[k]; (tk.kind == tkWord || tk.kind == tkLex) && tk.role != roleCond && foreignGlue[st.tokText(k)] &&
			(placed(st.prevSig(k)) || placed(st.skipSpace(k+1))) {
			return st.foreignText()
		}
	}
	return false
}
