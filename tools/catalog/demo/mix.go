package demo

import (
	"math/rand/v2"

	"searchagent/tools/platform"
)

// weighted is a value with a relative weight.
type weighted[T any] struct {
	v T
	w int
}

// pick draws one value with probability proportional to its weight.
func pick[T any](r *rand.Rand, items []weighted[T]) T {
	total := 0
	for _, it := range items {
		total += it.w
	}
	n := r.IntN(total)
	for _, it := range items {
		if n < it.w {
			return it.v
		}
		n -= it.w
	}
	return items[len(items)-1].v
}

// countryMix is where each platform's channels are, roughly as creator
// populations are spread (X is strong in Japan, TikTok in Southeast Asia
// and Latin America, Instagram in Brazil).
var countryMix = map[platform.Platform][]weighted[string]{
	platform.YouTube: {
		{"US", 28}, {"IN", 9}, {"GB", 6}, {"CA", 4}, {"AU", 3}, {"BR", 5}, {"MX", 4}, {"ES", 2}, {"AR", 1}, {"CO", 1},
		{"DE", 3}, {"FR", 3}, {"JP", 4}, {"KR", 3}, {"ID", 4}, {"PH", 2}, {"TW", 4}, {"HK", 2}, {"CN", 3}, {"SG", 2},
		{"MY", 2}, {"SA", 1}, {"AE", 1}, {"EG", 1}, {"NG", 1}, {"ZA", 1},
	},
	platform.Instagram: {
		{"US", 30}, {"BR", 8}, {"IN", 7}, {"GB", 5}, {"MX", 4}, {"ES", 3}, {"FR", 3}, {"DE", 3}, {"CA", 3}, {"AU", 3},
		{"ID", 4}, {"KR", 3}, {"JP", 2}, {"TW", 3}, {"HK", 2}, {"CN", 2}, {"SG", 2}, {"AE", 2}, {"SA", 1}, {"AR", 2},
		{"CO", 2}, {"PH", 2}, {"NG", 1},
	},
	platform.TikTok: {
		{"US", 28}, {"ID", 7}, {"BR", 7}, {"MX", 5}, {"PH", 4}, {"GB", 5}, {"CA", 2}, {"AU", 2}, {"JP", 3}, {"KR", 3},
		{"TW", 3}, {"HK", 2}, {"CN", 2}, {"MY", 3}, {"SG", 1}, {"SA", 3}, {"EG", 2}, {"AE", 1}, {"AR", 2}, {"CO", 2},
		{"ES", 2}, {"DE", 2}, {"FR", 2}, {"NG", 1},
	},
	platform.X: {
		{"US", 34}, {"GB", 9}, {"JP", 12}, {"CA", 3}, {"AU", 2}, {"IN", 5}, {"BR", 4}, {"ES", 3}, {"MX", 2}, {"AR", 2},
		{"FR", 3}, {"DE", 3}, {"KR", 3}, {"TW", 3}, {"HK", 2}, {"CN", 2}, {"SG", 1}, {"SA", 2}, {"AE", 1}, {"NG", 2}, {"ID", 2},
	},
}

// languageMix is the language channels of a country publish in.
var languageMix = map[string][]weighted[string]{
	"US": {{"en", 86}, {"es", 8}, {"zh", 4}, {"ko", 1}, {"ja", 1}},
	"GB": {{"en", 1}}, "AU": {{"en", 1}}, "IN": {{"en", 1}}, "PH": {{"en", 1}}, "NG": {{"en", 1}}, "ZA": {{"en", 1}},
	"CA": {{"en", 85}, {"fr", 12}, {"zh", 3}},
	"SG": {{"en", 65}, {"zh", 35}},
	"MY": {{"en", 45}, {"zh", 40}, {"id", 15}},
	"CN": {{"zh", 1}}, "TW": {{"zh", 1}},
	"HK": {{"zh", 85}, {"en", 15}},
	"JP": {{"ja", 88}, {"en", 12}},
	"KR": {{"ko", 88}, {"en", 12}},
	"BR": {{"pt", 1}},
	"MX": {{"es", 1}}, "ES": {{"es", 1}}, "AR": {{"es", 1}}, "CO": {{"es", 1}},
	"DE": {{"de", 90}, {"en", 10}},
	"FR": {{"fr", 92}, {"en", 8}},
	"ID": {{"id", 85}, {"en", 15}},
	"SA": {{"ar", 80}, {"en", 20}}, "EG": {{"ar", 85}, {"en", 15}},
	"AE": {{"ar", 50}, {"en", 50}},
}

// categoryMix is how common each category is on each platform.
var categoryMix = map[platform.Platform][]weighted[string]{
	platform.YouTube: {
		{"gaming", 10}, {"tech", 8}, {"music", 7}, {"education", 6}, {"comedy", 5}, {"food", 5}, {"automotive", 6},
		{"beauty", 4}, {"fashion", 3}, {"travel", 4}, {"fitness", 4}, {"finance", 4}, {"family", 4}, {"pets", 3},
		{"sports", 4}, {"outdoor", 3}, {"home", 3}, {"diy", 3}, {"news", 3}, {"film", 4}, {"animation", 3},
		{"science", 3}, {"business", 2}, {"lifestyle", 4}, {"art", 2},
	},
	platform.Instagram: {
		{"fashion", 9}, {"beauty", 9}, {"fitness", 7}, {"food", 7}, {"travel", 7}, {"lifestyle", 9}, {"art", 5},
		{"pets", 4}, {"home", 4}, {"family", 3}, {"music", 4}, {"tech", 3}, {"automotive", 2}, {"sports", 3},
		{"outdoor", 2}, {"comedy", 3}, {"business", 2}, {"diy", 2}, {"gaming", 1}, {"education", 1}, {"finance", 1},
		{"film", 1}, {"animation", 1}, {"science", 1}, {"news", 1},
	},
	platform.TikTok: {
		{"comedy", 9}, {"lifestyle", 8}, {"beauty", 7}, {"food", 7}, {"pets", 6}, {"music", 7}, {"gaming", 5},
		{"fashion", 5}, {"fitness", 4}, {"education", 3}, {"family", 3}, {"tech", 3}, {"diy", 3}, {"travel", 3},
		{"sports", 3}, {"automotive", 2}, {"art", 2}, {"home", 2}, {"animation", 2}, {"finance", 2}, {"film", 2},
		{"outdoor", 1}, {"science", 1}, {"business", 1}, {"news", 1},
	},
	platform.X: {
		{"news", 9}, {"tech", 8}, {"finance", 8}, {"gaming", 6}, {"sports", 7}, {"comedy", 5}, {"science", 5},
		{"business", 6}, {"film", 4}, {"animation", 5}, {"art", 4}, {"music", 4}, {"education", 2}, {"lifestyle", 2},
		{"automotive", 2}, {"food", 1}, {"travel", 1}, {"fitness", 1}, {"beauty", 1}, {"fashion", 1}, {"pets", 2},
		{"family", 1}, {"outdoor", 1}, {"home", 1}, {"diy", 1},
	},
}

// excluded lists platform/country/category combinations the demo never
// generates, so that a filter on them empties the result set (see
// Showcase "filter-empty-combination").
var excluded = []struct {
	p                 platform.Platform
	country, category string
}{
	{platform.Instagram, "JP", "automotive"},
}

func isExcluded(p platform.Platform, country, category string) bool {
	for _, e := range excluded {
		if e.p == p && e.country == country && e.category == category {
			return true
		}
	}
	return false
}

// platformShape holds per-platform distribution parameters.
type platformShape struct {
	// viewRatio is the median of average views per follower; viewSigma
	// the spread of its logarithm.
	viewRatio, viewSigma float64
	// personal is the share of channels named after a person.
	personal float64
}

var shapes = map[platform.Platform]platformShape{
	platform.YouTube:   {viewRatio: 0.07, viewSigma: 0.9, personal: 0.25},
	platform.Instagram: {viewRatio: 0.14, viewSigma: 0.8, personal: 0.55},
	platform.TikTok:    {viewRatio: 0.35, viewSigma: 1.0, personal: 0.55},
	platform.X:         {viewRatio: 0.05, viewSigma: 0.9, personal: 0.6},
}
