package condparse

import "testing"

// TestFixB3Classes is the tuning table of issue 26's classes B1
// (Spanish and Portuguese conditions read as the English ones), B2
// ("mil" by the sentence's language and separator; German Mio) and B3
// (dictated initials, split names and number homophones, read only where
// a place or a number is expected), with the English readings they must
// not disturb.
func TestFixB3Classes(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		// B1
		{"creadores de cocina en México o Chile con más de 20 mil seguidores, nada de política", []string{"has hard country in [MX,CL] applied", "has hard category eq \"food\" applied", "followers lo 20000..20000 nohi", "excl polít", "nohardterm", "noterm en"}},
		{"canais de viagem no Brasil ou em Portugal, mais de 50 mil inscritos, nos últimos 60 dias, sem conteúdo infantil", []string{"has hard country in [BR,PT] applied", "followers lo 50000..50000 nohi", "active 60..60", "excl infantil", "nohardterm", "noterm ou"}},
		{"youtubers de Argentina entre 10 mil y 100 mil suscriptores activos en el último mes, sin gaming", []string{"has hard country eq \"AR\" applied", "followers lo 10000..10000 hi 100000..100000", "active 30..30", "has hard category not_in [gaming] applied"}}, // a lone "de" still ranks (left: "de" is also Germany's terse code)
		{"canales de viajes hasta 200 mil seguidores que hayan subido algo esta semana", []string{"followers nolo hi 200000..200000", "active 7..7", "has hard category eq \"travel\" applied", "nohardterm"}},
		{"perfis de moda com pelo menos 30 mil seguidores", []string{"followers lo 30000..30000 nohi", "has hard category eq \"fashion\" applied", "nohardterm"}},
		// B2
		{"canales con 1,5 mil seguidores o más", []string{"followers lo 1500..1500 nohi", "nohardterm"}},
		{"min 2,5 mil followers", []string{"followers lo 2500..2500 nohi"}},
		{"1.5 mil subs or more, US gamers", []string{"followers lo 1500000..1500000 nohi", "has hard country eq \"US\" applied"}},
		{"over half a mil followers", []string{"followers lo 500000..500000 nohi"}},
		{"Kanäle mit über 1,5 Mio. Abonnenten in Deutschland", []string{"followers lo 1500000..1500000 nohi", "has hard country eq \"DE\" applied"}},
		{"1,500 followers or more", []string{"followers lo 1500..1500 nohi"}},
		// B3
		{"tech reviewers in the U K with over fore thousand subs who posted in the passed to months", []string{"has hard country eq \"GB\" applied", "followers lo 4000..4000 nohi", "active 59..62", "nohardterm", "noterm passed"}},
		{"U.S fitness creators on you tube", []string{"has hard country eq \"US\" applied", "has hard platform eq \"youtube\" applied", "nohardterm"}},
		{"cooking channels in the nether lands", []string{"has hard country eq \"NL\" applied", "nohardterm"}},
		{"travel creators with up to two hundred thousand followers", []string{"followers nolo hi 200000..200000"}},
		{"from 5k to 20k followers", []string{"followers lo 5000..5000 hi 20000..20000"}},
		{"creators who passed 100k followers", []string{"followers lo 100000..100000 nohi", "noactive"}},
		{"looking for creators with a following built over thousands of hours", []string{"nofollowers"}},
		{"find us creators who talk about bikes", []string{"noterm u s"}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			for _, m := range misses34s(t, readAt(t, tc.in, nil, nil), tc.checks) {
				t.Error(m)
			}
		})
	}
}
