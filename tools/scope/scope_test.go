package scope

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Scope
		err  error
	}{
		{"tags", Tags, nil},
		{"", Default, nil},
		{" NAME ", Name, nil},
		{"频道简介", Description, nil},
		{"bio", Description, nil},
		{"发布内容", Content, nil},
		{"videos", Content, nil},
		{"全部来源", All, nil},
		{"everywhere", All, nil},
		{"标签", Tags, nil},
		{"nowhere", "", ErrUnknown},
	}
	for _, tc := range tests {
		got, err := Parse(tc.in)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("Parse(%q) = %q, %v, want %q, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestLabelsAndValid(t *testing.T) {
	seen := map[string]Scope{}
	for _, s := range List() {
		if !s.Valid() {
			t.Errorf("%q.Valid() = false", s)
		}
		if s.Label("zh") == "" || s.Label("en") == "" || s.Label("zh") == s.Label("en") {
			t.Errorf("%q labels zh=%q en=%q, want two different labels", s, s.Label("zh"), s.Label("en"))
		}
		for _, n := range s.Names() {
			if prev, dup := seen[n]; dup {
				t.Errorf("name %q names both %q and %q", n, prev, s)
			}
			seen[n] = s
		}
	}
	if Scope("").Label("zh") != "频道标签" {
		t.Errorf(`Scope("").Label("zh") = %q, want the default's label 频道标签`, Scope("").Label("zh"))
	}
	if Scope("x").Valid() || Scope("x").Label("en") != "x" {
		t.Errorf(`Scope("x") is valid or has a label`)
	}
}

func TestMenuLabel(t *testing.T) {
	for _, s := range List() {
		zh, en := s.MenuLabel("zh-CN"), s.MenuLabel("en")
		if zh == string(s) || en == string(s) || zh == en {
			t.Errorf("%q menu labels %q / %q, want two real labels", s, zh, en)
		}
	}
	if got := Tags.MenuLabel("zh-CN"); got != "按频道标签" {
		t.Errorf("Tags.MenuLabel(zh-CN) = %q, want 按频道标签 (spec 3.4.1D)", got)
	}
	if got := Scope("title").MenuLabel("en"); got != "title" {
		t.Errorf(`Scope("title").MenuLabel = %q, want "title"`, got)
	}
}
