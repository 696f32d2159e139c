package store

import (
	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/scope"
)

// FieldScopes are the single-field scopes in index order: the fields a
// keyword of scope.All matches in any of.
func FieldScopes() []Scope {
	return []Scope{scope.Tags, scope.Name, scope.Description, scope.Content}
}

// FieldTexts appends to buf[:0] the texts of ch that a keyword of the
// single-field scope s matches: tags plus the category (its id and, when
// different, its zh and en names) for scope.Tags; name, handle and aliases
// for scope.Name; the description; the recent titles for scope.Content.
// Every value is its own phrase unit: a phrase never spans two of them.
// Both stores index exactly these texts.
func FieldTexts(ch *catalog.Channel, s Scope, buf []string) []string {
	buf = buf[:0]
	switch s {
	case scope.Tags:
		buf = append(buf, ch.Tags...)
		if ch.Category != "" {
			buf = append(buf, ch.Category)
			if t := embed.CategoryText(ch.Category); t != ch.Category {
				buf = append(buf, t)
			}
		}
	case scope.Name:
		buf = append(buf, ch.Name, ch.Handle)
		buf = append(buf, ch.Aliases...)
	case scope.Description:
		buf = append(buf, ch.Description)
	case scope.Content:
		buf = append(buf, ch.RecentTitles...)
	}
	return buf
}
