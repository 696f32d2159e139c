package embed

import (
	"strings"

	"searchagent/tools/catalog"
	"searchagent/tools/taxonomy"
)

// The labels ChannelText starts its lines with. Hashing weights the lines
// by label (see Hashing); a model embedder reads them as plain text.
const (
	LabelCategory    = "Category"
	LabelTags        = "Tags"
	LabelName        = "Name"
	LabelDescription = "Description"
	LabelTitles      = "Recent titles"
)

// Limits on what ChannelText takes from a channel, so that one channel with
// a huge description cannot dominate embedding time or a model's context.
const (
	maxDescriptionRunes = 1200
	maxTitles           = 12
	maxTitleRunes       = 160
	maxTags             = 40
)

// ChannelText is the document embedded for a channel: one labelled line
// each for its category (zh and en names from the taxonomy, so that a
// Chinese and an English channel of one category share words), tags, name,
// description (cut at 1200 characters) and up to 12 recent content
// titles. Empty fields are left out. The handle, country, language and
// counts are not embedded: they are hard filters, not content.
func ChannelText(ch *catalog.Channel) string {
	if ch == nil {
		return ""
	}
	var b strings.Builder
	line := func(label, text string) {
		text = strings.TrimSpace(text)
		if text == "" {
			return
		}
		b.WriteString(label)
		b.WriteString(": ")
		b.WriteString(oneLine(text))
		b.WriteByte('\n')
	}
	line(LabelCategory, CategoryText(ch.Category))
	tags := ch.Tags
	if len(tags) > maxTags {
		tags = tags[:maxTags]
	}
	line(LabelTags, strings.Join(tags, ", "))
	line(LabelName, ch.Name)
	line(LabelDescription, truncate(ch.Description, maxDescriptionRunes))
	titles := ch.RecentTitles
	if len(titles) > maxTitles {
		titles = titles[:maxTitles]
	}
	cut := make([]string, 0, len(titles))
	for _, t := range titles {
		if t = strings.TrimSpace(truncate(t, maxTitleRunes)); t != "" {
			cut = append(cut, t)
		}
	}
	line(LabelTitles, strings.Join(cut, " | "))
	return strings.TrimSuffix(b.String(), "\n")
}

// CategoryText is the text a category id is embedded and searched as: its
// zh and en names when the taxonomy knows it ("汽车 Automotive"), the id as
// written otherwise, "" for none.
func CategoryText(category string) string {
	category = strings.TrimSpace(category)
	if category == "" {
		return ""
	}
	t, ok := taxonomy.Categories.ByCode(category)
	if !ok {
		t, ok = taxonomy.Categories.Lookup(category)
	}
	if !ok {
		return category
	}
	return t.ZH + " " + t.EN
}

// oneLine replaces line breaks so that a field cannot forge a label line.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// truncate cuts s to at most n runes, on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}
