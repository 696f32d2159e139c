package embed

import (
	"strings"

	"searchagent/tools/catalog"
	"searchagent/tools/textnorm"
)

// Coverage says how much of a channel's embedded text (ChannelText) there
// is to compare: the labelled fields that carry words and the number of
// content features (tokens outside the name; stop words excluded). A
// channel known by its name alone (the TikTok list publishes nothing
// else) has no content features: its vector is a hash of a name, and
// cosine similarity with it measures hash collisions, not likeness.
type Coverage struct {
	// Fields are the labels of the fields with at least one feature, in
	// ChannelText order ("Category", "Tags", "Name", …).
	Fields []string `json:"fields"`
	// Content counts the features outside the name line.
	Content int `json:"content_features"`
	// Labels counts those of them in the category and tag lines: all of
	// Content for a channel known by its labels alone (the published
	// lists), a share of it for one with a description and titles.
	Labels int `json:"label_features"`
}

// NameOnly reports whether nothing but a name is there to compare.
func (c Coverage) NameOnly() bool { return c.Content == 0 }

// MinContentFeatures is the number of content features under which a
// channel is too thin to compare by its embedding.
const MinContentFeatures = 1

// Thin reports whether the channel has too little text to compare by its
// embedding (fewer than MinContentFeatures content features).
func (c Coverage) Thin() bool { return c.Content < MinContentFeatures }

// TextCoverage measures the coverage of an embedded text in ChannelText's
// labelled form; unlabelled lines count as content.
func TextCoverage(text string) Coverage {
	var c Coverage
	for line := range strings.Lines(text) {
		field, body := fieldOf(strings.TrimRight(line, "\r\n"))
		n := 0
		for tok := range textnorm.Scan(body) {
			if _, stop := stopwords[tok.Text]; !stop && tok.Unit() {
				n++
			}
		}
		if n == 0 {
			continue
		}
		label, _, _ := strings.Cut(line, ":")
		if field == 0 {
			label = "Text"
		}
		c.Fields = append(c.Fields, strings.TrimSpace(label))
		if field != 3 { // not the name
			c.Content += n
		}
		if field == 1 || field == 2 { // category, tags
			c.Labels += n
		}
	}
	return c
}

// ChannelCoverage is the coverage of ChannelText(ch), the same for every
// embedder.
func ChannelCoverage(ch *catalog.Channel) Coverage { return TextCoverage(ChannelText(ch)) }
