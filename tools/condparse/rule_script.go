package condparse

import (
	"slices"

	"searchagent/tools/taxonomy"
)

// Scripts and captions (audit 27, helper x): a writing system said of
// the content ("用繁体发文的", "简体中文内容", "posts in Traditional
// Chinese") is its language, the label naming the script as not
// filtered (taxonomy.Scripts; the catalog holds a channel's language,
// not its script); captions or subtitles ("繁體 captions", "English
// subtitles", 中文字幕) are a trait of the videos the catalog does not
// record, named as not applied with the language or script said of
// them (ResidueTrait), never a keyword and never the creators'
// language.

// captionWords name captions or subtitles: a trait of the videos
// (clsTrait) whose language, said right before them, is the captions'.
var captionWords = []string{"captions", "caption", "captioned", "closed captions", "subtitles", "subtitle", "subtitled",
	"字幕", "有字幕", "带字幕", "配字幕", "加字幕", "中文字幕", "英文字幕", "中英字幕", "双语字幕", "繁体字幕", "简体字幕"}

// scriptEntries are the lexicon's spellings of scripts and captions.
func scriptEntries() []lexEntry {
	var es []lexEntry
	for _, sc := range taxonomy.Scripts {
		lt, _ := taxonomy.Languages.ByCode(sc.Language)
		label := Label{ZH: lt.ZH + "（" + sc.ZH + "，不按字体筛选）", EN: lt.EN + " (" + sc.EN + " script; the script is not filtered)"}
		for _, n := range append([]string{sc.ZH, sc.EN}, sc.Aliases...) {
			es = append(es, lexEntry{word: n, cls: clsLanguage, code: sc.Language, label: label})
		}
	}
	return append(es, words(clsTrait, captionWords...)...)
}

// captionLanguage extends a caption trait at token i back over the
// language or script said of the captions ("English captions", "繁體
// captions"): from is the trait's first token; it returns the new one.
func (st *state) captionLanguage(i, from int) int {
	if !slices.Contains(captionWords, st.word(i)) {
		return from
	}
	p := st.prevSig(from)
	if p >= 0 && st.free(p) && st.toks[p].kind == tkLex && st.toks[p].has(clsLanguage) != nil {
		return p
	}
	return from
}
