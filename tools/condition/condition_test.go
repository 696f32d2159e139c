package condition

import "testing"

func TestParseField(t *testing.T) {
	tests := []struct {
		in   string
		want Field
		ok   bool
	}{
		{"followers", Followers, true},
		{" Country ", Country, true},
		{"subscribers", Followers, true},
		{"last_active_days", "", false}, // one name: last_active with within_days
		{"region", Country, true},
		{"custom_field", "", false},
	}
	for _, tc := range tests {
		got, ok := ParseField(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseField(%q) = %q, %v, want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestLabels(t *testing.T) {
	for _, f := range Fields {
		zh, en := f.Label("zh-CN"), f.Label("en")
		if zh == string(f) || en == string(f) || zh == en {
			t.Errorf("%q labels zh=%q en=%q, want two real labels", f, zh, en)
		}
	}
	if got := Field("activity").Label("zh"); got != "活跃" {
		t.Errorf(`Field("activity").Label("zh") = %q, want 活跃 (a synonym of last_active)`, got)
	}
	if got := Field("custom_field").Label("en"); got != "custom_field" {
		t.Errorf(`unknown field label = %q, want the field itself`, got)
	}
	for _, o := range Ops {
		if !o.Valid() {
			t.Errorf("%q.Valid() = false", o)
		}
	}
	if Op("like").Valid() {
		t.Error(`Op("like").Valid() = true`)
	}
}
