// Package scope names the match scopes of a keyword tag (spec 3.4.1D):
// where a keyword is looked for — the channel's tags, its name, its
// description, its published content, or all of them — with their zh and
// en labels and the words users type for them.
package scope

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Scope is a keyword tag's match target. Its string form is the API value.
type Scope string

// The scopes, in menu order.
const (
	// Tags matches the channel's tags and its category.
	Tags Scope = "tags"
	// Name matches the channel's name, handle and aliases.
	Name Scope = "name"
	// Description matches the channel's description.
	Description Scope = "description"
	// Content matches the titles of the channel's recent content.
	Content Scope = "content"
	// All matches any of the above.
	All Scope = "all"
)

// Default is the scope of a keyword that names none (spec 3.4.1D: "按频道
// 标签" by default).
const Default = Tags

// ErrUnknown is returned by Parse for a name that is no scope.
var ErrUnknown = errors.New("unknown scope")

// List returns the scopes in menu order.
func List() []Scope { return []Scope{Tags, Name, Description, Content, All} }

// Valid reports whether s is one of List.
func (s Scope) Valid() bool {
	switch s {
	case Tags, Name, Description, Content, All:
		return true
	}
	return false
}

// info is a scope's labels (on a chip, in the scope menu) and the further
// words that name it.
type info struct {
	zh, en         string
	menuZH, menuEN string
	aliases        []string
}

var table = map[Scope]info{
	Tags:        {"频道标签", "tags", "按频道标签", "Channel tags", []string{"标签", "tag"}},
	Name:        {"频道名", "name", "按频道名", "Channel name", []string{"频道名称", "名称", "名字", "标题", "channel names", "names", "title", "titles"}},
	Description: {"频道简介", "description", "按频道简介", "Channel description", []string{"简介", "描述", "descriptions", "bio", "about section"}},
	Content:     {"发布内容", "content", "按发布内容", "Published content", []string{"视频内容", "内容", "videos", "posts"}},
	All:         {"全部来源", "all sources", "从全部来源", "All sources", []string{"所有来源", "全部", "所有", "all", "everywhere", "anywhere"}},
}

// MenuLabel is the scope's entry in the scope menu in locale ("zh…" or
// anything else for en), as spec 3.4.1D words it ("按频道标签").
func (s Scope) MenuLabel(locale string) string {
	in, ok := table[s]
	if !ok {
		return string(s)
	}
	if strings.HasPrefix(locale, "zh") {
		return in.menuZH
	}
	return in.menuEN
}

// Label is the display name of s in locale ("zh…" or anything else for en);
// the empty scope is Default's.
func (s Scope) Label(locale string) string {
	s = cmp.Or(s, Default)
	in, ok := table[s]
	if !ok {
		return string(s)
	}
	if strings.HasPrefix(locale, "zh") {
		return in.zh
	}
	return in.en
}

// Names returns every word that names s, each once: the API value, the
// chip and menu labels and the aliases, in that order.
func (s Scope) Names() []string {
	in, ok := table[s]
	if !ok {
		return nil
	}
	var out []string
	for _, n := range append([]string{string(s), in.zh, in.en, in.menuZH, in.menuEN}, in.aliases...) {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// Parse returns the scope named by an API value, a label or an alias
// ("标签", "channel name", "bio"), case-insensitive; the empty string is
// Default.
func Parse(text string) (Scope, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "" {
		return Default, nil
	}
	for _, s := range List() {
		for _, n := range s.Names() {
			if strings.ToLower(n) == t {
				return s, nil
			}
		}
	}
	return "", fmt.Errorf("%w %q (want one of tags, name, description, content, all)", ErrUnknown, text)
}
