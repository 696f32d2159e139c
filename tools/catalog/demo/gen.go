package demo

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

type zhWord struct{ zh, py string }

// category is a compiled catSpec.
type category struct {
	code                   string
	enHead, enTail, enVerb []string
	zhHead, zhTail         []zhWord
	enTags, zhTags         []string
	enTopics, zhTopics     []string
	enTitles, zhTitles     []string
	enAbout, zhAbout       []string
	local                  map[string]string
	// enAllTitles and zhAllTitles are the category's and the generic
	// title templates together.
	enAllTitles, zhAllTitles []string
}

type tables struct {
	cats  map[string]*category
	nicks []zhWord
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "|")
}

func splitZH(s string) []zhWord {
	var out []zhWord
	for _, w := range split(s) {
		zh, py, _ := strings.Cut(w, "=")
		out = append(out, zhWord{zh, py})
	}
	return out
}

func compileTables() *tables {
	tb := &tables{cats: make(map[string]*category, len(catSpecs)), nicks: splitZH(strings.Join(zhNick, "|"))}
	for _, s := range catSpecs {
		c := &category{
			code: s.code, enHead: split(s.enHead), enTail: split(s.enTail), enVerb: split(s.enVerb),
			zhHead: splitZH(s.zhHead), zhTail: splitZH(s.zhTail),
			enTags: split(s.enTags), zhTags: split(s.zhTags),
			enTopics: split(s.enTopics), zhTopics: split(s.zhTopics),
			enTitles: split(s.enTitles), zhTitles: split(s.zhTitles),
			enAbout: split(s.enAbout), zhAbout: split(s.zhAbout),
			local: map[string]string{},
		}
		c.enAllTitles = append(slices.Clone(c.enTitles), genericTitles["en"]...)
		c.zhAllTitles = append(slices.Clone(c.zhTitles), genericTitles["zh"]...)
		for i, w := range split(s.local) {
			c.local[localLangs[i]] = w
		}
		tb.cats[s.code] = c
	}
	return tb
}

// gen generates the channels of one platform.
type gen struct {
	p       platform.Platform
	tb      *tables
	now     time.Time
	r       *rand.Rand
	shape   platformShape
	handles map[string]bool // lower-case
	aliases map[string]bool // lower-case
	names   map[string]bool
	ids     map[string]bool // channel and content ids
	out     []*catalog.Channel
}

func newGen(p platform.Platform, tb *tables, now time.Time, r *rand.Rand, size int) *gen {
	return &gen{
		p: p, tb: tb, now: now, r: r, shape: shapes[p],
		handles: make(map[string]bool, size), aliases: map[string]bool{}, names: make(map[string]bool, size),
		ids: make(map[string]bool, size*4), out: make([]*catalog.Channel, 0, size),
	}
}

func (g *gen) one(items []string) string { return items[g.r.IntN(len(items))] }

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

// profile says what a channel is; fixed channels set more of it.
type profile struct {
	category, country, lang string
	name, handle            string
	tokens                  []string // handle words when the name is given
	alias                   string
	followers               [2]int64   // inclusive range; zero: power law
	viewRatio               [2]float64 // range of avg views per follower; zero: platform shape
	activeDays              [2]int     // range of days since the last post; zero: activity mix
	tags                    []string   // added before the pool tags
	titles                  []string   // used before generated titles
	description             string
	stableIDs               bool // content ids independent of the reference time
}

// random adds one channel drawn from the platform's mixes.
func (g *gen) random() {
	pr := profile{}
	pr.country = pick(g.r, countryMix[g.p])
	for {
		pr.category = pick(g.r, categoryMix[g.p])
		if !isExcluded(g.p, pr.country, pr.category) {
			break
		}
	}
	pr.lang = pick(g.r, languageMix[pr.country])
	g.make(pr)
}

// make builds and records one channel.
func (g *gen) make(pr profile) *catalog.Channel {
	cat := g.tb.cats[pr.category]
	ch := &catalog.Channel{Platform: g.p, Category: pr.category, Country: pr.country, Language: pr.lang, Source: Source}

	name, tokens := pr.name, pr.tokens
	if name == "" {
		for try := 0; ; try++ {
			name, tokens = g.name(cat, pr.lang)
			if !g.names[name] || try > 8 {
				break
			}
		}
	} else if tokens == nil {
		tokens = asciiTokens(name)
	}
	ch.Name = name
	g.names[name] = true
	ch.Handle = pr.handle
	if ch.Handle == "" {
		ch.Handle = g.handle(tokens)
	}
	g.handles[strings.ToLower(ch.Handle)] = true

	ch.Followers = g.followers(pr.followers)
	ch.AvgViews = g.views(ch.Followers, pr.viewRatio)
	ch.LastPostAt = g.now.Add(-g.sinceLastPost(pr.activeDays))
	ch.Tags = g.tags(cat, pr.lang, pr.tags)
	ch.RecentTitles = g.titles(cat, pr.lang, pr.titles)
	ch.Description = pr.description
	if ch.Description == "" {
		ch.Description = g.description(cat, pr.lang)
	}
	idTime := ch.LastPostAt
	if pr.stableIDs {
		idTime = DefaultNow().Add(-time.Duration(1+g.r.IntN(20)) * 24 * time.Hour)
	}
	ch.ContentIDs = g.contentIDs(idTime)
	if g.p == platform.YouTube {
		ch.ID = g.channelID()
		alias := pr.alias
		if alias == "" && g.chance(0.15) {
			alias = camel(tokens)
			if g.chance(0.3) {
				alias += g.one([]string{"Official", "TV", "Channel"})
			}
		}
		if alias != "" && len(alias) <= 100 && !g.aliases[strings.ToLower(alias)] {
			g.aliases[strings.ToLower(alias)] = true
			ch.Aliases = []string{alias}
		}
	}
	ch.URL = catalog.ChannelURL(g.p, "", ch.Handle)
	g.out = append(g.out, ch)
	return ch
}

// name composes a channel name in the channel's language and the ASCII
// words its handle is made of.
func (g *gen) name(cat *category, lang string) (string, []string) {
	if lang == "zh" {
		head, tail := g.tb.zhPick(g, cat.zhHead), g.tb.zhPick(g, cat.zhTail)
		nick := g.tb.zhPick(g, g.tb.nicks)
		switch n := g.r.IntN(10); {
		case n < 4:
			if head.zh == tail.zh {
				break
			}
			return head.zh + tail.zh, []string{head.py, tail.py}
		case n < 7:
			return nick.zh + tail.zh, []string{nick.py, tail.py}
		case n < 9 && !strings.HasPrefix(tail.zh, "的"):
			return nick.zh + "的" + tail.zh, []string{nick.py, tail.py}
		}
		return head.zh + nick.zh, []string{head.py, nick.py}
	}
	head, tail := g.one(cat.enHead), g.one(cat.enTail)
	for tries := 0; strings.EqualFold(head, tail) && tries < 4; tries++ {
		tail = g.one(cat.enTail)
	}
	first := g.one(enFirst)
	if g.chance(g.shape.personal) {
		switch g.r.IntN(4) {
		case 0:
			return first + "'s " + tail, asciiTokens(first + "s " + tail)
		case 1:
			verb := g.one(cat.enVerb)
			return first + " " + verb, asciiTokens(first + " " + verb)
		case 2:
			last := g.one(enLast)
			return first + " " + last, asciiTokens(first + " " + last)
		default:
			return head + " with " + first, asciiTokens(head + " " + first)
		}
	}
	switch g.r.IntN(6) {
	case 0:
		return "The " + head + " " + tail, asciiTokens(head + " " + tail)
	case 1:
		if !strings.Contains(head, " ") && !strings.Contains(tail, " ") {
			return head + tail, asciiTokens(head + " " + tail)
		}
	}
	return head + " " + tail, asciiTokens(head + " " + tail)
}

func (tb *tables) zhPick(g *gen, ws []zhWord) zhWord { return ws[g.r.IntN(len(ws))] }

// asciiTokens lower-cases s and splits it into ASCII letter-digit words.
func asciiTokens(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '\'')
	}) {
		if f = strings.ReplaceAll(f, "'", ""); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func camel(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		if t == "" {
			continue
		}
		b.WriteString(strings.ToUpper(t[:1]) + t[1:])
	}
	return b.String()
}

// handle derives a handle from the name's words that is free on the
// platform and valid by its rules.
func (g *gen) handle(tokens []string) string {
	if len(tokens) == 0 {
		tokens = []string{"channel"}
	}
	var base string
	style := g.r.IntN(4)
	switch g.p {
	case platform.YouTube:
		if style < 2 {
			base = camel(tokens)
		} else {
			base = strings.Join(tokens, "")
		}
	case platform.Instagram, platform.TikTok:
		sep := []string{"", ".", "_", ""}[style]
		base = strings.Join(tokens, sep)
	case platform.X:
		if style < 2 {
			base = camel(tokens)
		} else {
			base = strings.Join(tokens, "_")
		}
	}
	maxLen := map[platform.Platform]int{platform.YouTube: 30, platform.Instagram: 30, platform.TikTok: 24, platform.X: 15}[g.p]
	base = fitHandle(base, tokens, maxLen)
	if len(base) < 3 {
		base += "tv"
	}
	if !g.handles[strings.ToLower(base)] {
		return base
	}
	suffixes := map[platform.Platform][]string{
		platform.YouTube:   {"TV", "Official", "HQ", "Channel", "Daily"},
		platform.Instagram: {".official", "_", ".tv", ".daily", "hq"},
		platform.TikTok:    {"_", ".tv", "official", "_daily", "hq"},
		platform.X:         {"_", "HQ", "TV", "_x"},
	}[g.p]
	for _, s := range suffixes {
		if h := fitHandle(base, tokens, maxLen-len(s)) + s; !g.handles[strings.ToLower(h)] {
			return h
		}
	}
	for {
		s := strconv.Itoa(10 + g.r.IntN(990))
		if h := fitHandle(base, tokens, maxLen-len(s)) + s; !g.handles[strings.ToLower(h)] {
			return h
		}
	}
}

// fitHandle shortens a handle to max bytes: first by initialising the
// later words, then by cutting; it never ends with "." or "_".
func fitHandle(base string, tokens []string, max int) string {
	if len(base) > max && len(tokens) > 1 {
		var b strings.Builder
		b.WriteString(tokens[0])
		for _, t := range tokens[1:] {
			b.WriteByte(t[0])
		}
		base = b.String()
	}
	if len(base) > max {
		base = base[:max]
	}
	return strings.TrimRight(base, "._")
}

// followers draws a follower count: within rng when given, otherwise from
// a Pareto law (minimum 1,000, alpha 0.7): most channels have 1k-50k,
// about 1% over a million, a handful tens of millions.
func (g *gen) followers(rng [2]int64) int64 {
	if rng[1] > 0 {
		return rng[0] + g.r.Int64N(rng[1]-rng[0]+1)
	}
	const xm, alpha, max = 1000.0, 0.7, 250e6
	for range 8 {
		u := 1 - g.r.Float64() // (0, 1]
		if x := xm / math.Pow(u, 1/alpha); x <= max {
			return int64(x)
		}
	}
	return int64(xm)
}

// views draws average views per post correlated with followers: a
// log-normal share of the followers around the platform's median ratio.
func (g *gen) views(followers int64, ratio [2]float64) int64 {
	var r float64
	if ratio[1] > 0 {
		r = ratio[0] + g.r.Float64()*(ratio[1]-ratio[0])
	} else {
		r = g.shape.viewRatio * math.Exp(g.shape.viewSigma*g.r.NormFloat64())
		r = min(r, 4)
	}
	return max(int64(float64(followers)*r), 12)
}

// sinceLastPost draws how long ago the channel last posted: about 72%
// within 60 days (most within two weeks), 18% two to six months, 10%
// inactive for six months to two and a half years.
func (g *gen) sinceLastPost(days [2]int) time.Duration {
	sec := time.Duration(g.r.IntN(86400)) * time.Second
	if days[1] > 0 {
		return time.Duration(days[0]+g.r.IntN(days[1]-days[0]+1))*24*time.Hour + sec
	}
	var d float64
	switch u := g.r.Float64(); {
	case u < 0.72:
		d = math.Min(g.r.ExpFloat64()*9, 59)
	case u < 0.90:
		d = 60 + g.r.Float64()*120
	default:
		d = 180 + g.r.Float64()*720
	}
	return time.Duration(d*24)*time.Hour + sec
}

// tags draws 4-8 tags from the category's pool in the channel's language,
// sometimes with a tag in the other language.
func (g *gen) tags(cat *category, lang string, extra []string) []string {
	pool, other := cat.enTags, cat.zhTags
	if lang == "zh" {
		pool, other = cat.zhTags, cat.enTags
	}
	n := 4 + g.r.IntN(5)
	out := slices.Clone(extra)
	if w, ok := cat.local[lang]; ok && lang != "en" && !slices.Contains(out, w) {
		out = append(out, w)
	}
	cross := g.chance(0.15)
	for _, i := range g.r.Perm(len(pool)) {
		if len(out) >= n-btoi(cross) {
			break
		}
		if !slices.Contains(out, pool[i]) {
			out = append(out, pool[i])
		}
	}
	if cross {
		if t := g.one(other); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	for _, t := range pool {
		if len(out) >= n {
			break
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// titles draws 3-6 recent content titles.
func (g *gen) titles(cat *category, lang string, fixed []string) []string {
	var templates, topics []string
	switch lang {
	case "en":
		templates, topics = cat.enAllTitles, cat.enTopics
	case "zh":
		templates, topics = cat.zhAllTitles, cat.zhTopics
	default:
		templates, topics = genericTitles[lang], []string{cat.local[lang]}
	}
	n := min(3+g.r.IntN(4), len(templates))
	out := make([]string, 0, n+len(fixed))
	for _, t := range fixed {
		out = append(out, g.fill(t, "", lang))
	}
	// Each template at most once, so that titles do not read alike.
	for _, i := range g.r.Perm(len(templates)) {
		if len(out) >= max(n, len(fixed)+1) {
			break
		}
		if t := g.fill(templates[i], g.one(topics), lang); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// fill replaces a template's placeholders.
func (g *gen) fill(tmpl, topic, lang string) string {
	nums := []int{3, 5, 7, 10, 12, 30}
	return expand(tmpl, func(name string) string {
		switch name {
		case "t", "w":
			return topic
		case "T":
			return upperFirst(topic)
		case "n":
			return strconv.Itoa(nums[g.r.IntN(len(nums))])
		case "y":
			return strconv.Itoa(g.now.Year())
		}
		return "{" + name + "}"
	})
}

// expand replaces each "{name}" in tmpl with value(name).
func expand(tmpl string, value func(string) string) string {
	if !strings.Contains(tmpl, "{") {
		return tmpl
	}
	var b strings.Builder
	b.Grow(len(tmpl) + 32)
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			break
		}
		b.WriteString(tmpl[:i])
		b.WriteString(value(tmpl[i+1 : i+j]))
		tmpl = tmpl[i+j+1:]
	}
	b.WriteString(tmpl)
	return b.String()
}

func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// description writes one or two sentences in the channel's language.
func (g *gen) description(cat *category, lang string) string {
	since := strconv.Itoa(g.now.Year() - 1 - g.r.IntN(9))
	var s, closer string
	switch lang {
	case "en":
		s = upperFirst(opener(g.one(enOpeners), g.one(cat.enAbout), since))
		closer = g.one(enClosers[g.p])
		if g.chance(0.04) {
			closer = sundayEN
		}
	case "zh":
		s = opener(g.one(zhOpeners), g.one(cat.zhAbout), since)
		closer = g.one(zhClosers[g.p])
		if g.chance(0.04) {
			closer = sundayZH
		}
	default:
		s = expand(g.one(genericAbout[lang]), func(string) string { return cat.local[lang] })
	}
	if closer == "" {
		return s
	}
	sep := " "
	if lang == "zh" {
		sep = ""
	}
	return s + sep + closer
}

// opener fills an opener template's {about} and {since}.
func opener(tmpl, about, since string) string {
	return expand(tmpl, func(name string) string {
		if name == "since" {
			return since
		}
		return about
	})
}

const b64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

func (g *gen) randString(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = b64url[g.r.IntN(64)]
	}
	return string(b)
}

// channelID is a fresh YouTube channel id: "UC" and 22 base64url
// characters, the last one carrying 2 bits as in real ids.
func (g *gen) channelID() string {
	for {
		id := "UC" + g.randString(21) + string("AQgw"[g.r.IntN(4)])
		if !g.ids[id] {
			g.ids[id] = true
			return id
		}
	}
}

// contentIDs are 2-4 ids of recent videos or posts, shaped as the
// platform's: YouTube 11-character video ids, Instagram 11-character
// shortcodes, TikTok and X 19-digit ids that encode the post time.
func (g *gen) contentIDs(last time.Time) []string {
	n := 2 + g.r.IntN(3)
	out := make([]string, 0, n)
	t := last
	for len(out) < n {
		var id string
		switch g.p {
		case platform.YouTube:
			id = g.randString(10) + string("AEIMQUYcgkosw048"[g.r.IntN(16)])
		case platform.Instagram:
			id = string("CD"[g.r.IntN(2)]) + g.randString(10)
		case platform.TikTok:
			id = strconv.FormatUint(uint64(t.Unix())<<32|uint64(g.r.Uint32()), 10)
		case platform.X:
			const twitterEpoch = 1288834974657
			id = strconv.FormatUint(uint64(t.UnixMilli()-twitterEpoch)<<22|uint64(g.r.IntN(1<<22)), 10)
		}
		if g.ids[id] {
			continue
		}
		g.ids[id] = true
		out = append(out, id)
		t = t.Add(-time.Duration(1+g.r.IntN(10*24)) * time.Hour)
	}
	return out
}
