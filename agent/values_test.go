package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/tools/condparse"
	"searchagent/tools/fields"
)

// TestEditsAreReadLikeTheParser is issue 31 item 2: filter.set and
// condition.edit read a value with the parser's own readers, so a value
// the parser would read is accepted (followers "5万", country "Germany",
// "德国" or "DE") and one it would not is refused with a message in the
// session's language that lists the allowed values or says the form
// (category "DE", country "zz" like "Narnia", followers "lots").
func TestEditsAreReadLikeTheParser(t *testing.T) {
	a := newTestAgent(t)
	cases := []struct {
		name   string
		locale string
		event  string
		args   api.Args
		chip   string // the chip it shows, when accepted
		// when refused: the words the message must hold
		refused []string
	}{
		{name: "followers in 万", locale: "zh", event: "filter.set", args: api.Args{Field: "followers", Op: "gte", Value: json.RawMessage(`"5万"`)}, chip: "粉丝 ≥ 5万(applied)"},
		{name: "followers in k", locale: "en", event: "filter.set", args: api.Args{Field: "followers", Op: "gte", Value: json.RawMessage(`"10k"`)}, chip: "Followers ≥ 10K(applied)"},
		{name: "followers as a number", locale: "zh", event: "filter.set", args: api.Args{Field: "followers", Op: "lte", Value: json.RawMessage(`50000`)}, chip: "粉丝 ≤ 5万(applied)"},
		{name: "followers range in words", locale: "zh", event: "filter.set", args: api.Args{Field: "followers", Op: "between", Value: json.RawMessage(`"1万-5万"`)}, chip: "粉丝 1万–5万(applied)"},
		{name: "followers range of strings", locale: "zh", event: "filter.set", args: api.Args{Field: "followers", Op: "between", Value: json.RawMessage(`{"min": "1万", "max": "五万"}`)}, chip: "粉丝 1万–5万(applied)"},
		{name: "country in English", locale: "zh", event: "filter.set", args: api.Args{Field: "country", Value: json.RawMessage(`"Germany"`)}, chip: "德国(applied)"},
		{name: "country in Chinese", locale: "en", event: "filter.set", args: api.Args{Field: "country", Value: json.RawMessage(`"德国"`)}, chip: "Germany(applied)"},
		{name: "country code", locale: "zh", event: "filter.set", args: api.Args{Field: "country", Value: json.RawMessage(`["DE", "fr"]`)}, chip: "德国、法国(applied)"},
		{name: "language by name", locale: "zh", event: "filter.set", args: api.Args{Field: "language", Value: json.RawMessage(`"Spanish"`)}, chip: "西班牙语(applied)"},
		{name: "category by alias", locale: "zh", event: "filter.set", args: api.Args{Field: "category", Value: json.RawMessage(`"gym"`)}, chip: "健身(applied)"},
		{name: "engagement as a percentage", locale: "en", event: "filter.set", args: api.Args{Field: "engagement", Op: "gte", Value: json.RawMessage(`"3%"`)}, chip: "Engagement ≥ 3%(applied)"},
		{name: "activity in days", locale: "zh", event: "filter.set", args: api.Args{Field: "last_active", Value: json.RawMessage(`"30"`)}, chip: "近 30 天活跃(applied)"},

		{name: "category DE", locale: "zh", event: "filter.set", args: api.Args{Field: "category", Value: json.RawMessage(`"DE"`)},
			refused: []string{"类目", "「DE」", "汽车", "健身", "美食"}},
		{name: "category DE in en", locale: "en", event: "filter.set", args: api.Args{Field: "category", Value: json.RawMessage(`"DE"`)},
			refused: []string{"Category", "“DE”", "Automotive", "Fitness", "Food"}},
		{name: "country zz", locale: "zh", event: "filter.set", args: api.Args{Field: "country", Value: json.RawMessage(`"zz"`)},
			refused: []string{"「zz」", "美国（US）", "等 75 个"}},
		{name: "country Narnia", locale: "zh", event: "filter.set", args: api.Args{Field: "country", Value: json.RawMessage(`"Narnia"`)},
			refused: []string{"「Narnia」", "美国（US）", "等 75 个"}},
		{name: "country zz in en", locale: "en", event: "filter.set", args: api.Args{Field: "country", Value: json.RawMessage(`"zz"`)},
			refused: []string{"“zz”", "United States (US)", "and 67 more"}},
		{name: "followers in words it cannot read", locale: "zh", event: "filter.set", args: api.Args{Field: "followers", Op: "gte", Value: json.RawMessage(`"很多"`)},
			refused: []string{"粉丝", "5万", "10k"}},
		{name: "followers in words it cannot read, en", locale: "en", event: "filter.set", args: api.Args{Field: "followers", Op: "gte", Value: json.RawMessage(`"lots"`)},
			refused: []string{"Followers", "5万", "10k"}},
		{name: "followers range upside down", locale: "en", event: "filter.set", args: api.Args{Field: "followers", Op: "between", Value: json.RawMessage(`{"min": "5万", "max": "1万"}`)},
			refused: []string{"min is above max"}},
		{name: "activity over ten years", locale: "zh", event: "filter.set", args: api.Args{Field: "last_active", Value: json.RawMessage(`4000`)},
			refused: []string{"天数", "3650"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := newBox(t, a, "youtube", tc.locale)
			b.send("search.submit", api.Args{Text: "帮我找美国做露营评测的博主"})
			before := b.snap.Version
			_, err := b.try(tc.event, tc.args)
			if tc.refused == nil {
				if err != nil {
					t.Fatalf("%s %s %s = %v, want it applied", tc.event, tc.args.Field, tc.args.Value, err)
				}
				if got := b.shown().conds; !slices.Contains(got, tc.chip) {
					t.Errorf("%s %s %s shows %v, want %s", tc.event, tc.args.Field, tc.args.Value, got, tc.chip)
				}
				return
			}
			var ae *Error
			if !errors.As(err, &ae) || ae.Code != "bad_value" {
				t.Fatalf("%s %s %s = %v, want bad_value", tc.event, tc.args.Field, tc.args.Value, err)
			}
			msg := ae.In(ae.Locale)
			if ae.Locale != tc.locale {
				t.Errorf("the error is marked %q, want the session's %q", ae.Locale, tc.locale)
			}
			for _, w := range tc.refused {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q lacks %q", msg, w)
				}
			}
			if snap, _ := a.Snapshot(t.Context(), b.id, b.token); snap.Version != before {
				t.Errorf("a refused edit changed the session (version %d → %d)", before, snap.Version)
			}
		})
	}
}

// TestConditionEditReadsLikeTheParser: editing a chip's value (the page's
// typed control) goes through the same readers: the country chip takes
// "德国", the followers chip "5万", and the category chip refuses "DE".
func TestConditionEditReadsLikeTheParser(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "找英国的健身博主，粉丝一万以上"})
	ids := map[string]string{}
	for _, c := range b.snap.Context.Conditions {
		ids[c.Field] = c.ID
	}
	for _, f := range []string{"country", "category", "followers"} {
		if ids[f] == "" {
			t.Fatalf("the search read no %s condition: %v", f, b.shown().conds)
		}
	}
	b.send("condition.edit", api.Args{ConditionID: ids["country"], Value: json.RawMessage(`"德国"`)})
	b.send("condition.edit", api.Args{ConditionID: ids["followers"], Value: json.RawMessage(`"5万"`)})
	got := b.shown().conds
	for _, want := range []string{"德国(applied)", "粉丝 ≥ 5万(applied)"} {
		if !slices.Contains(got, want) {
			t.Errorf("after the edits the chips are %v, want %s", got, want)
		}
	}
	_, err := b.try("condition.edit", api.Args{ConditionID: ids["category"], Value: json.RawMessage(`"DE"`)})
	var ae *Error
	if !errors.As(err, &ae) || ae.Code != "bad_value" || !strings.Contains(ae.In("zh"), "健身") {
		t.Errorf("condition.edit category DE = %v, want bad_value listing the categories", err)
	}
}

// TestEveryNameTheParserReadsIsAnAcceptedEdit: the edit readers and the
// parser agree over the whole vocabularies: every code, zh and en name
// and alias of every set field's vocabulary is accepted by filter.set's
// reader as that term's code, and a count the number reader reads is
// accepted as that count.
func TestEveryNameTheParserReadsIsAnAcceptedEdit(t *testing.T) {
	for _, ff := range fields.Of(fields.Set) {
		for _, term := range ff.Vocab.Terms() {
			for _, name := range append([]string{term.Code, term.ZH, term.EN}, term.Aliases...) {
				// The first term that has the name owns it (Lookup).
				owner, _ := ff.Vocab.Lookup(name)
				raw, _ := json.Marshal(name)
				v, err := readValue(ff, "in", raw)
				if err != nil || !slices.Equal(v.Strs, []string{owner.Code}) {
					t.Errorf("%s %q = %v, %v; want [%s]", ff.Name, name, v, err, owner.Code)
				}
			}
		}
	}
	ff, _ := fields.Lookup("followers")
	for _, s := range []string{"3000", "1,000", "5k", "1.5w", "10万", "1.2M", "三千", "一百五十万", "两千"} {
		want, ok := condparse.ParseCount(s)
		raw, _ := json.Marshal(s)
		v, err := readValue(ff, "gte", raw)
		if !ok || err != nil || v.Int != want {
			t.Errorf("followers %q = %v, %v; want %d", s, v, err, want)
		}
	}
	// A ratio bound: what the parser reads as the engagement of
	// "互动率 X 以上", in digits or in words.
	ef, _ := fields.Lookup("engagement")
	for _, s := range []string{"3%", "2.5%", "３％", "百分之三", "百分之三点五", "百分之2.5"} {
		res, err := condparse.Parse("互动率" + s + "以上")
		var want int64 = -1
		for _, c := range res.Conditions {
			if c.Field == "engagement" {
				want = c.Value.Int
			}
		}
		raw, _ := json.Marshal(s)
		v, rerr := readValue(ef, "gte", raw)
		if err != nil || want < 0 || rerr != nil || v.Int != want {
			t.Errorf("engagement %q = %v, %v; the parser reads %d (%v)", s, v, rerr, want, err)
		}
	}
	for _, bad := range []string{"zz", "Narnia", "XX"} {
		cf, _ := fields.Lookup("country")
		if _, err := readValue(cf, "in", json.RawMessage(fmt.Sprintf("%q", bad))); err == nil {
			t.Errorf("country %q accepted; the parser reads no country from it", bad)
		}
	}
}
