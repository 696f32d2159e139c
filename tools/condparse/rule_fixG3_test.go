package condparse

import "testing"

// TestFixG3 is the tuning table of the classes G1–G4 (the held-out
// phrasings are rule_fixG3_heldout_test.go's): each case must hold.
func TestFixG3(t *testing.T) {
	for _, tc := range []heldCase{
		// G1: another language's function words never rank; "de" is
		// still Germany where it is a code
		{"canales de humor de España", []string{"noterm de", "country ES", "has hard category eq \"comedy\" applied"}},
		{"Kanäle mit Technik-Reviews", []string{"noterm mit", "term Technik-Reviews"}},
		{"chaînes avec des recettes pour enfants", []string{"noterm avec", "noterm des", "noterm chaînes"}},
		{"de gaming 10k+", []string{"country DE", "noterm de"}},
		{"no de Argentina", []string{"has hard country not_in [AR] applied", "noterm de"}},
		{"recetas de cocina", []string{"term recetas de cocina"}},
		{"tacos de canasta creators", []string{"term tacos de canasta"}},
		// G2: a code alone in a brief's cell is the country
		{"JP / anime / 10k+ / 21d", []string{"country JP", "noterm jp", "active 21..21"}},
		{"US|beauty|50k+", []string{"country US"}},
		{"DE · tech · 5k-20k · 30d", []string{"country DE", "noterm de", "noterm 30d", "active 30..30"}},
		{"it / cooking / 5k+", []string{"country IT"}},
		{"beauty / IT / gaming", []string{"nocountry IT"}},
		// G3: a hedge after a comma is the count's
		{"50k followers, give or take", []string{"followers lo 40000..40000 hi 60000..60000"}},
		{"2万粉左右吧，差不多就行", []string{"followers lo 16000..16000 hi 24000..24000"}},
		{"around 10k, more or less", []string{"followers lo 8000..8000 hi 12000..12000"}},
		{"20k subs, roughly 50k views", []string{"followers lo 20000..20000 nohi"}},
		{"50k followers, about cooking", []string{"followers lo 50000..50000 nohi"}},
		// G4: words around a place, and pieces of consumed words
		{"日内瓦一带", []string{"country CH", "noterm 一带", "norem 一带"}},
		{"the Lisbon area", []string{"country PT", "noterm area"}},
		{"大阪附近的美食博主", []string{"country JP", "norem 附近"}},
		{"附近的美食博主", []string{"nocountry JP"}},
		{"动漫周边博主", []string{"term 动漫周边"}},
		{"香港一所大学的市场部：想找香港、台湾的学生博主", []string{"norem 部"}},
		{"tiktok美国区的家居收纳达人", []string{"country US", "norem 区"}},
		{"美国的理财博主，粉丝上万就行", []string{"followers lo 10000..10000 nohi", "norem 粉丝"}},
		{"东南亚的宠物号 最好是猫为主的", []string{"noterm 最好"}},
	} {
		for _, m := range missesG3(t, readAt(t, tc.in, nil, nil), tc.checks) {
			t.Error(m)
		}
	}
}

// TestFixG3WordBetweenWords: a rune between two words the reading
// consumed is a word of its own, still named as not understood.
func TestFixG3WordBetweenWords(t *testing.T) {
	r := readAt(t, "东南亚的宠物号 尾部达人就行 最好是猫为主的 别要纯带货号", nil, nil)
	for _, s := range r.Remainder {
		if s.Text == "猫" {
			return
		}
	}
	t.Errorf("猫 not in the remainder: %v", r.Remainder)
}
