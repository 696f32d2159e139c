package condparse

import (
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
	return false
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
