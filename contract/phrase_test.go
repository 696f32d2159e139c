package contract

import (
	"strings"
	"testing"
)

// containsFirst is the loop phraseSet replaces.
func containsFirst(phrases []string, s string) (string, bool) {
	for _, w := range phrases {
		if strings.Contains(s, w) {
			return w, true
		}
	}
	return "", false
}

var phraseLists = map[string][]string{"question": zhQuestionWords, "loading": zhLoadingWords, "chat": zhChatWords, "markers": append(append([]string{}, appliedMarkers...), softMarkers...), "short": {"a", "正在"}}

func checkPhraseSets(t *testing.T, s string) {
	t.Helper()
	for name, list := range phraseLists {
		w, ok := newPhraseSet(list...).first(s)
		ww, wok := containsFirst(list, s)
		if w != ww || ok != wok {
			t.Fatalf("phraseSet(%s).first(%q) = %q, %v, want %q, %v", name, s, w, ok, ww, wok)
		}
	}
}

// TestPhraseSetMatchesContains compares phraseSet with the Contains loop
// on texts that hold several phrases, in both orders, and on every phrase
// alone, cut and padded.
func TestPhraseSetMatchesContains(t *testing.T) {
	texts := []string{"", "a", "正", "正在", "正在为你搜索…", "请稍候，正在加载", "有什么可以帮你的吗？我们聊聊", "聊聊吧，随时问我", "要不要再看看？有没有别的", "\xe6\xad", "作为一个AI作为AI"}
	for _, list := range phraseLists {
		for _, w := range list {
			texts = append(texts, w, "x"+w+"y", w[:len(w)-1], strings.Repeat(w, 2))
		}
		for i := range list {
			texts = append(texts, list[len(list)-1-i]+"，"+list[i])
		}
	}
	for _, s := range texts {
		checkPhraseSets(t, s)
	}
}

// FuzzPhraseSet holds phraseSet to the Contains loop on arbitrary text.
func FuzzPhraseSet(f *testing.F) {
	for _, s := range []string{"正在为你搜索", "有什么可以帮你的吗", "要不要", "applied filter"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkPhraseSets(t, s) })
}
