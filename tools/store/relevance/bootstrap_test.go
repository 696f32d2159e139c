package relevance

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// synthetic builds a system whose anchors have niche share p at every
// i%10 < 10p and 0 otherwise, and follower ratios r.
func synthetic(name string, n int, p float64, r float64) *acc {
	a := &acc{system: name}
	for i := range n {
		niche := 0.0
		if float64(i%10) < 10*p {
			niche = 1
		}
		a.anchors = append(a.anchors, anchorFig{niche: niche, category: niche, country: 0.5, language: math.NaN(), ratios: []float64{r, r * 1.1}})
	}
	return a
}

func TestBootstrapIsSeededAndHoldsThePointFigure(t *testing.T) {
	run := func(seed uint64) []Similar {
		sys := []*acc{synthetic("store", 400, 0.6, 1.1), synthetic("b", 400, 0.5, 1.3)}
		out := []Similar{sys[0].done(), sys[1].done()}
		bootstrap(sys, out, 300, seed)
		return out
	}
	a, b, c := run(1), run(1), run(2)
	str := func(s []Similar) string { return fmt.Sprintf("%+v %+v", s[0].CI, s[1].CI) } // NaN bounds never compare equal
	if str(a) != str(b) {
		t.Errorf("the same seed gave %s and %s", str(a), str(b))
	}
	if str(a) == str(c) {
		t.Errorf("seeds 1 and 2 gave the same intervals %+v", a[0].CI)
	}
	for _, s := range a {
		for _, m := range []string{MetricNiche, MetricCategory, MetricFollowerRatio, MetricCountry} {
			f, iv := s.Figure(m)
			if !iv.Valid() || f < iv.Lo || f > iv.Hi {
				t.Errorf("%s %s: %.3f outside its interval %s", s.System, m, f, iv)
			}
		}
		if _, iv := s.Figure(MetricLanguage); iv.Valid() {
			t.Errorf("%s: language interval %s without a language", s.System, iv)
		}
	}
	// A constant share has no spread; a 0/1 share over 400 anchors has.
	if a[0].CI.Country.Lo != 0.5 || a[0].CI.Country.Hi != 0.5 {
		t.Errorf("constant country share: interval %s, want [0.5, 0.5]", a[0].CI.Country)
	}
	if w := a[0].CI.Niche.Hi - a[0].CI.Niche.Lo; w < 0.05 || w > 0.15 {
		t.Errorf("niche interval %s over 400 anchors at 0.6: width %.3f, want ~0.1", a[0].CI.Niche, w)
	}
}

func TestCompareCallsOverlapATie(t *testing.T) {
	iv := func(lo, hi float64) Interval { return Interval{Figure(lo), Figure(hi)} }
	nan := Figure(math.NaN())
	cases := []struct {
		name         string
		metric       string
		store, other Figure
		sci, oci     Interval
		want         string
	}{
		{"higher, apart", MetricNiche, 0.8, 0.7, iv(0.78, 0.82), iv(0.68, 0.72), VerdictStore},
		{"higher by 0.001, overlapping", MetricNiche, 0.701, 0.700, iv(0.68, 0.72), iv(0.68, 0.72), VerdictTie},
		{"lower, apart", MetricCountry, 0.2, 0.4, iv(0.18, 0.22), iv(0.38, 0.42), VerdictBaseline},
		{"touching bounds", MetricCountry, 0.3, 0.4, iv(0.2, 0.35), iv(0.35, 0.45), VerdictTie},
		{"lower ratio is better", MetricFollowerRatio, 1.1, 1.3, iv(1.08, 1.12), iv(1.25, 1.35), VerdictStore},
		{"higher ratio is worse", MetricFollowerRatio, 1.3, 1.1, iv(1.25, 1.35), iv(1.08, 1.12), VerdictBaseline},
		{"no figure", MetricLanguage, nan, nan, iv(math.NaN(), math.NaN()), iv(math.NaN(), math.NaN()), VerdictNone},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := Similar{System: SystemStore, Niche: tc.store, Country: tc.store, FollowerRatio: tc.store, Language: tc.store}
			st.CI = Intervals{Niche: tc.sci, Country: tc.sci, FollowerRatio: tc.sci, Language: tc.sci}
			b := Similar{System: SystemTagOverlap, Niche: tc.other, Country: tc.other, FollowerRatio: tc.other, Language: tc.other}
			b.CI = Intervals{Niche: tc.oci, Country: tc.oci, FollowerRatio: tc.oci, Language: tc.oci}
			if got := Compare(st, b, tc.metric).Verdict; got != tc.want {
				t.Errorf("Compare(%s: %.3f %s vs %.3f %s) = %s, want %s", tc.metric, tc.store, tc.sci, tc.other, tc.oci, got, tc.want)
			}
		})
	}
}

func TestTargets(t *testing.T) {
	iv := func(lo, hi float64) Interval { return Interval{Figure(lo), Figure(hi)} }
	mk := func(sys string, niche, ratio, country float64, w float64) Similar {
		return Similar{System: sys, NicheAnchors: 100, Niche: Figure(niche), FollowerRatio: Figure(ratio), Country: Figure(country),
			CI: Intervals{Niche: iv(niche-w, niche+w), FollowerRatio: iv(ratio-w, ratio+w), Country: iv(country-w, country+w)}}
	}
	cases := []struct {
		name  string
		store Similar
		want  [3]string
	}{
		{"all met", mk(SystemStore, 0.80, 1.10, 0.50, 0.01), [3]string{TargetMet, TargetMet, TargetMet}},
		{"apart but under the margin", mk(SystemStore, 0.76, 1.20, 0.50, 0.001), [3]string{TargetMissed, TargetMissed, TargetMet}},
		{"overlapping", mk(SystemStore, 0.78, 1.15, 0.30, 0.05), [3]string{TargetTie, TargetMet, TargetTie}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := Report{Similar: []Similar{tc.store, mk(SystemCategoryFollowers, 0.40, 1.05, 0.20, 0.01), mk(SystemTagOverlap, 0.74, 1.14, 0.28, 0.01)}}
			ts := Targets(r)
			if len(ts) != 3 {
				t.Fatalf("Targets = %+v, want three", ts)
			}
			for i, tg := range ts {
				if tg.Status != tc.want[i] {
					t.Errorf("%s: %s (got %s), want %s", tg.Name, tg.Status, tg.Got, tc.want[i])
				}
			}
		})
	}
	if ts := Targets(Report{Similar: []Similar{{}, {}, {}}}); ts != nil {
		t.Errorf("a catalog without niches has targets %+v", ts)
	}
}

// TestNicheCeiling: an anchor's best niche share is its niche peers over
// the results, at most 1; the peers are counted per platform and niche
// (the same niche in another column order is the same niche).
func TestNicheCeiling(t *testing.T) {
	for _, tc := range []struct {
		peers, n int
		want     float64
	}{{4, 20, 0.2}, {30, 20, 1}, {2, 2, 1}, {0, 5, 0}, {3, 0, 0}} {
		if got := ceilingShare(tc.peers, tc.n); got != tc.want {
			t.Errorf("ceilingShare(%d, %d) = %.3f, want %.3f", tc.peers, tc.n, got, tc.want)
		}
	}
	var chans []*catalog.Channel
	add := func(p platform.Platform, n int, tags ...string) {
		for range n {
			chans = append(chans, &catalog.Channel{Platform: p, Handle: fmt.Sprintf("h%d", len(chans)), Name: "N", Category: strings.ToLower(tags[0]), Tags: tags})
		}
	}
	add(platform.Instagram, 5, "Music", "Art")
	add(platform.Instagram, 1, "Art", "Music")
	add(platform.Instagram, 3, "Sports")
	add(platform.YouTube, 2, "Sports")
	cat, _, err := catalog.New("ceiling", chans)
	if err != nil {
		t.Fatal(err)
	}
	got := nicheCounts(cat)
	want := map[nicheOf]int{{platform.Instagram, "art|music"}: 6, {platform.Instagram, "sports"}: 3, {platform.YouTube, "sports"}: 2}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("nicheCounts = %v, want %v", got, want)
	}
}
