package cooc

import (
	"strings"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/textnorm"
)

// Term kinds: the prefix of a term's key, so that the category id
// "sports", the tag "sports" and the word "sports" are three terms.
const (
	KindCategory = "c:"
	KindTag      = "t:"
	KindWord     = "w:"
)

// Weights of a channel's terms in its channel vector (ChannelVector):
// its category and whole tags say what it is about more than any one
// word of its name, description or titles.
const (
	categoryWeight = 2
	tagWeight      = 2
	wordWeight     = 1
)

// Limits on what one channel contributes, as embed.ChannelText's.
const (
	maxTags        = 40
	maxTitles      = 12
	maxDescription = 1200
)

// term is one term of a channel with its weight.
type term struct {
	key string
	w   float32
}

// TagKey is the term key of a tag (or of any phrase used as one): its
// textnorm form with the tag prefix.
func TagKey(tag string) string { return KindTag + textnorm.Normalize(tag) }

// CategoryKey is the term key of a category id.
func CategoryKey(code string) string { return KindCategory + strings.ToLower(strings.TrimSpace(code)) }

// terms lists the distinct terms of ch: its category id, each whole tag,
// and the words (textnorm words and CJK bigrams, no numbers, single CJK
// characters or stopwords) of its tags, name, description and recent
// titles. A term met twice keeps its larger weight.
func terms(ch *catalog.Channel, out []term, seen map[string]int) []term {
	clear(seen)
	eachTerm(ch, func(kind, text string, w float32) {
		key := kind + text
		if i, ok := seen[key]; ok {
			out[i].w = max(out[i].w, w)
			return
		}
		seen[key] = len(out)
		out = append(out, term{key, w})
	})
	return out
}

// eachTerm calls add with each term of ch (see terms) as its kind prefix
// and text, in order, repeats included: the key is kind+text.
func eachTerm(ch *catalog.Channel, add func(kind, text string, w float32)) {
	words := func(s string) {
		for tok := range textnorm.Scan(s) {
			if tok.Kind != textnorm.Word && tok.Kind != textnorm.CJKBigram || embed.Stopword(tok.Text) {
				continue
			}
			if tok.Kind == textnorm.Word && len(tok.Text) < 2 {
				continue
			}
			add(KindWord, tok.Text, wordWeight)
		}
	}
	if c := strings.TrimSpace(ch.Category); c != "" {
		add(KindCategory, strings.ToLower(c), categoryWeight)
		// The category's zh and en names, as embed.ChannelText writes
		// them, are words every channel of the category shares, whichever
		// catalog it came from.
		words(embed.CategoryText(c))
	}
	tags := ch.Tags
	if len(tags) > maxTags {
		tags = tags[:maxTags]
	}
	for _, t := range tags {
		if n := textnorm.Normalize(t); n != "" {
			add(KindTag, n, tagWeight)
		}
		words(t)
	}
	words(ch.Name)
	desc := ch.Description
	if len(desc) > maxDescription*4 {
		desc = desc[:maxDescription*4]
	}
	words(desc)
	titles := ch.RecentTitles
	if len(titles) > maxTitles {
		titles = titles[:maxTitles]
	}
	for _, t := range titles {
		words(t)
	}
}

// queryTerms are the term keys a search word is looked up as: the word as
// a whole tag, and its words.
func queryTerms(text string) (tag string, words []string) {
	tag = TagKey(text)
	for tok := range textnorm.Scan(text) {
		if tok.Kind != textnorm.Word && tok.Kind != textnorm.CJKBigram || embed.Stopword(tok.Text) {
			continue
		}
		words = append(words, KindWord+tok.Text)
	}
	return tag, words
}
