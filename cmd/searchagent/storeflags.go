package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/load"
	"searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/fields"
	"searchagent/tools/platform"
	"searchagent/tools/store"
	"searchagent/tools/store/memstore"
)

// queryFlags are the keyword and hard-filter flags of search and similar.
type queryFlags struct {
	keywords     []string
	exact        bool
	scope        string
	excludes     []string
	excludeScope string
	countries    []string
	languages    []string
	categories   []string
	followers    string
	avgViews     string
	activeDays   int
	ranges       []string
	sort         string
	offset       int
	limit        int
}

func (f *queryFlags) register(cmd *cobra.Command, keywordFlag bool) {
	fl := cmd.Flags()
	if keywordFlag {
		fl.StringArrayVar(&f.keywords, "keyword", nil, "a keyword that narrows the similar set (repeatable)")
	}
	fl.BoolVar(&f.exact, "exact", false, "match keywords exactly: no aliases (by default a tag-scope keyword such as cooking also matches food, 美食)")
	fl.StringVar(&f.scope, "scope", "tags", "where keywords match: tags, name, description, content or all")
	fl.StringArrayVar(&f.excludes, "exclude", nil, "an excluded keyword (repeatable)")
	fl.StringVar(&f.excludeScope, "exclude-scope", "", "where excluded keywords match (default: --scope)")
	fl.StringSliceVar(&f.countries, "country", nil, "country codes or names (US, 美国, Germany)")
	fl.StringSliceVar(&f.languages, "language", nil, "language codes or names (en, 中文)")
	fl.StringSliceVar(&f.categories, "category", nil, "category ids or names (automotive, 美妆)")
	fl.StringVar(&f.followers, "followers", "", "follower range: 5k-20k, 10k+, -50k, 1w-5w")
	fl.StringVar(&f.avgViews, "avg-views", "", "average-views range, as --followers")
	fl.IntVar(&f.activeDays, "active-days", 0, "only channels that posted within this many days of now")
	var numeric, sorts []string
	for _, fd := range fields.Of(fields.Count, fields.Ratio) {
		numeric = append(numeric, string(fd.Name))
	}
	for _, by := range store.Sorts()[1:] {
		sorts = append(sorts, string(by))
	}
	fl.StringArrayVar(&f.ranges, "range", nil, "FIELD=RANGE for any count or ratio filter field ("+strings.Join(numeric, ", ")+
		"), as --followers; a ratio in percent: engagement=3%+, engagement=2%-5% (repeatable)")
	fl.StringVar(&f.sort, "sort", "", "relevance (search) or similarity (similar), "+strings.Join(sorts, ", "))
	fl.IntVar(&f.offset, "offset", 0, "results to skip")
	fl.IntVar(&f.limit, "limit", store.DefaultLimit, fmt.Sprintf("page size (at most %d)", store.MaxLimit))
}

func (f *queryFlags) keywordList(positional []string) []store.Keyword {
	var kws []store.Keyword
	for _, k := range append(append([]string(nil), positional...), f.keywords...) {
		kws = append(kws, store.Keyword{Text: k, Scope: store.Scope(f.scope), Exact: f.exact})
	}
	exScope := f.excludeScope
	exScope = cmp.Or(exScope, f.scope)
	for _, k := range f.excludes {
		kws = append(kws, store.Keyword{Text: k, Scope: store.Scope(exScope), Excluded: true, Exact: f.exact})
	}
	return kws
}

func (f *queryFlags) filters(now time.Time) (store.Filters, error) {
	fl := store.Filters{Countries: f.countries, Languages: f.languages, Categories: f.categories}
	var err error
	if fl.Followers, err = parseRange(f.followers); err != nil {
		return fl, usageErr("--followers: %v", err)
	}
	if fl.AvgViews, err = parseRange(f.avgViews); err != nil {
		return fl, usageErr("--avg-views: %v", err)
	}
	for _, kv := range f.ranges {
		name, val, _ := strings.Cut(kv, "=")
		fd, ok := fields.Lookup(strings.TrimSpace(name))
		if !ok || !fd.Kind.Numeric() {
			return fl, usageErr("--range %s: not a count or ratio filter field", kv)
		}
		parse := parseRange
		if fd.Kind == fields.Ratio {
			parse = parsePercentRange
		}
		r, err := parse(val)
		if err != nil {
			return fl, usageErr("--range %s: %v", kv, err)
		}
		fl.SetRange(fd.Name, r)
	}
	if f.activeDays < 0 {
		return fl, usageErr("--active-days must not be negative")
	}
	if f.activeDays > 0 {
		fl.ActiveSince = now.AddDate(0, 0, -f.activeDays)
	}
	return fl, nil
}

// parseRange reads "5k-20k", "10k+", "-50k", "20000" (exactly) and "" (open).
func parseRange(s string) (store.Range, error) {
	return rangeOf(s, func(v string) (int64, error) {
		n, err := load.ParseCount(strings.TrimSpace(v))
		if err != nil {
			return 0, fmt.Errorf("%q: %v", v, err)
		}
		return n, nil
	})
}

// parsePercentRange reads parseRange's forms over percentages ("3%+",
// "2%-5%", "2.5") into basis points.
func parsePercentRange(s string) (store.Range, error) {
	return rangeOf(s, func(v string) (int64, error) {
		n, ok := fields.ParsePercent(v)
		if !ok {
			return 0, fmt.Errorf("%q is not a percentage", v)
		}
		return n, nil
	})
}

func rangeOf(s string, count func(string) (int64, error)) (store.Range, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return store.Range{}, nil
	}
	switch {
	case strings.HasSuffix(s, "+"):
		n, err := count(strings.TrimSuffix(s, "+"))
		return store.Range{Min: n}, err
	case strings.HasPrefix(s, "-"):
		n, err := count(strings.TrimPrefix(s, "-"))
		return store.Range{Max: n}, err
	case strings.Contains(s, "-"):
		lo, hi, _ := strings.Cut(s, "-")
		a, err := count(lo)
		if err != nil {
			return store.Range{}, err
		}
		b, err := count(hi)
		if err != nil {
			return store.Range{}, err
		}
		if a > b {
			return store.Range{}, fmt.Errorf("%q: the minimum is above the maximum", s)
		}
		return store.Range{Min: a, Max: b}, nil
	}
	n, err := count(s)
	return store.Range{Min: n, Max: n}, err
}

// openStore builds the in-memory store over the selected catalog with the
// deterministic hashing embedder.
func openStore(ctx context.Context, cf *catalogFlags, stderr io.Writer) (*memstore.Store, *catalog.Catalog, error) {
	return openStoreWith(ctx, cf, stderr, nil)
}

// openStoreWith is openStore with a configured embedder (the hashing
// embedder when emb is nil).
func openStoreWith(ctx context.Context, cf *catalogFlags, stderr io.Writer, emb embed.Embedder) (*memstore.Store, *catalog.Catalog, error) {
	cat, err := cf.open(ctx, stderr)
	if err != nil {
		return nil, nil, err
	}
	if emb == nil {
		var err error
		if emb, err = embed.NewHashing(); err != nil {
			return nil, nil, failErr("embedder: %v", err)
		}
	}
	var opts []memstore.Option
	if cf.learned {
		m, err := learnedModel(ctx, cat, len(cf.files) > 0)
		if err != nil {
			return nil, nil, failErr("learned similarity: %v", err)
		}
		opts = append(opts, memstore.WithLearned(m))
	}
	st, err := memstore.New(ctx, cat, emb, opts...)
	if err != nil {
		return nil, nil, failErr("store: %v", err)
	}
	return st, cat, nil
}

// learnedModel learns the co-occurrence model of cat (tools/embed/cooc);
// an external catalog (files rather than the demo) is learned together
// with the demo catalog as a background corpus (cooc.BuildCatalog).
func learnedModel(ctx context.Context, cat *catalog.Catalog, external bool) (*cooc.Model, error) {
	return cooc.BuildCatalog(ctx, cat, external, cooc.Options{})
}

// prepareQuery reads what search and similar share: the platform, the
// filters relative to the reference time, and the store.
func prepareQuery(cmd *cobra.Command, cf *catalogFlags, qf *queryFlags, platName string) (platform.Platform, store.Filters, *memstore.Store, error) {
	p, err := platform.Parse(platName)
	if err != nil {
		return "", store.Filters{}, nil, usageErr("--platform: %v", err)
	}
	now, err := cf.reference()
	if err != nil {
		return "", store.Filters{}, nil, err
	}
	filters, err := qf.filters(now)
	if err != nil {
		return "", store.Filters{}, nil, err
	}
	st, _, err := openStore(cmd.Context(), cf, cmd.ErrOrStderr())
	if err != nil {
		return "", store.Filters{}, nil, err
	}
	return p, filters, st, nil
}
