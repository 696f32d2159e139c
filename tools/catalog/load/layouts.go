package load

import (
	"cmp"
	"fmt"
	"regexp"
	"strings"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// columns indexes a normalised header by name; published layouts repeat
// some names (an abbreviated and a numeric copy of each count).
type columns map[string][]int

func indexColumns(h []string) columns {
	c := columns{}
	for i, n := range h {
		c[n] = append(c[n], i)
	}
	return c
}

// need checks that every name is present.
func (c columns) need(f Format, names ...string) error {
	var missing []string
	for _, n := range names {
		if len(c[n]) == 0 {
			missing = append(missing, fmt.Sprintf("%q", n))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: %s layout without column %s", ErrBadHeader, f, strings.Join(missing, ", "))
	}
	return nil
}

// row reads the cells of one published-layout record, repairing legacy
// encodings and collecting warnings.
type row struct {
	cols  columns
	cells []string
	warns []string
}

// get returns the cleaned text of the first column called name.
func (r *row) get(name string) string {
	idx := r.cols[name]
	if len(idx) == 0 {
		return ""
	}
	return r.cell(name, idx[0])
}

func (r *row) cell(name string, i int) string {
	v, repaired := repair1252(r.cells[i])
	if repaired {
		r.warns = append(r.warns, fmt.Sprintf("%s: bytes that are not UTF-8 read as Windows-1252: %s", name, quote(clean(v))))
	}
	return clean(v)
}

// count parses the count in the column(s) called name, preferring a cell
// that is a plain number where the layout has an abbreviated ("48.5M")
// and a numeric copy.
func (r *row) count(name string) (int64, error) {
	idx := r.cols[name]
	var vals []string
	for _, i := range idx {
		vals = append(vals, r.cell(name, i))
	}
	for _, v := range vals {
		if v != "" && allDigits(v) {
			return ParseCount(v)
		}
	}
	var firstErr error
	for _, v := range vals {
		n, err := ParseCount(v)
		if err == nil && v != "" {
			return n, nil
		}
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	if firstErr != nil {
		return 0, fmt.Errorf("%s: %w", name, firstErr)
	}
	return 0, nil
}

// categories maps raw category texts to the first taxonomy code found and
// keeps every raw text as a tag.
func (r *row) categories(raw ...string) (category string, tags []string) {
	for _, c := range raw {
		c = clean(c)
		if c == "" {
			continue
		}
		tags = append(tags, c)
		code, ok := lookupCategory(c)
		if !ok {
			r.warns = append(r.warns, fmt.Sprintf("category %s is not in the taxonomy; kept as a tag only", quote(c)))
			continue
		}
		category = cmp.Or(category, code)
	}
	return category, dedupe(tags)
}

// country maps a country name; an unknown one is dropped with a warning.
func (r *row) country(name string) string {
	v := r.get(name)
	code, ok := lookupCountry(v)
	if !ok {
		r.warns = append(r.warns, fmt.Sprintf("country %s is not known; left empty", quote(v)))
		return ""
	}
	return code
}

// named fills the name, falling back to the handle with a warning.
func (r *row) named(ch *catalog.Channel, display string) {
	ch.Name = display
	if ch.Name == "" {
		ch.Name = ch.Handle
		ch.Name = cmp.Or(ch.Name, ch.ID)
		r.warns = append(r.warns, "display name is empty; the handle is used as the name")
	}
}

// handle validates a handle cell; an empty or invalid one is an error.
func handleCell(p platform.Platform, col, v string) (string, error) {
	h := strings.TrimPrefix(v, "@")
	if h == "" {
		return "", fmt.Errorf("%s: empty handle", col)
	}
	if err := ValidHandle(p, h); err != nil {
		return "", fmt.Errorf("%s: %w (a display name, not a handle?)", col, err)
	}
	return h, nil
}

func instagramParser(header []string) (rowParser, error) {
	cols := indexColumns(header)
	if err := cols.need(FormatInfluencersInstagram, "name", "instagram name", "followers"); err != nil {
		return nil, err
	}
	return func(cells []string) (*catalog.Channel, []string, error) {
		r := &row{cols: cols, cells: cells}
		ch := &catalog.Channel{Platform: platform.Instagram}
		var err error
		if ch.Handle, err = handleCell(ch.Platform, "name", r.get("name")); err != nil {
			return nil, nil, err
		}
		r.named(ch, r.get("instagram name"))
		if ch.Followers, err = r.count("followers"); err != nil {
			return nil, nil, err
		}
		// Eng. (Avg.): average interactions per post, the engagement
		// rate's numerator (tools/fields).
		if ch.AvgEngagement, err = r.count("eng. (avg.)"); err != nil {
			return nil, nil, err
		}
		ch.Category, ch.Tags = r.categories(r.get("category_1"), r.get("category_2"))
		ch.Country = r.country("country")
		ch.URL = catalog.ChannelURL(ch.Platform, "", ch.Handle)
		return ch, r.warns, nil
	}, nil
}

func tiktokParser(header []string) (rowParser, error) {
	cols := indexColumns(header)
	if err := cols.need(FormatInfluencersTikTok, "tiktoker name", "tiktok name", "followers", "views(avg)"); err != nil {
		return nil, err
	}
	return func(cells []string) (*catalog.Channel, []string, error) {
		r := &row{cols: cols, cells: cells}
		ch := &catalog.Channel{Platform: platform.TikTok}
		var err error
		if ch.Handle, err = handleCell(ch.Platform, "Tiktoker name", r.get("tiktoker name")); err != nil {
			return nil, nil, err
		}
		r.named(ch, r.get("tiktok name"))
		if ch.Followers, err = r.count("followers"); err != nil {
			return nil, nil, err
		}
		if ch.AvgViews, err = r.count("views(avg)"); err != nil {
			return nil, nil, err
		}
		ch.URL = catalog.ChannelURL(ch.Platform, "", ch.Handle)
		return ch, r.warns, nil
	}, nil
}

func youtubeParser(header []string) (rowParser, error) {
	cols := indexColumns(header)
	if err := cols.need(FormatInfluencersYouTube, "youtube channel", "youtuber name", "followers"); err != nil {
		return nil, err
	}
	return func(cells []string) (*catalog.Channel, []string, error) {
		r := &row{cols: cols, cells: cells}
		ch := &catalog.Channel{Platform: platform.YouTube}
		var err error
		if ch.Handle, err = handleCell(ch.Platform, "Youtube channel", r.get("youtube channel")); err != nil {
			return nil, nil, err
		}
		r.named(ch, r.get("youtuber name"))
		if ch.Followers, err = r.count("followers"); err != nil {
			return nil, nil, err
		}
		if ch.AvgViews, err = r.count("views (avg.)"); err != nil {
			return nil, nil, err
		}
		ch.Category, ch.Tags = r.categories(r.get("category"), r.get("category-2"))
		ch.Country = r.country("country")
		ch.URL = catalog.ChannelURL(ch.Platform, "", ch.Handle)
		return ch, r.warns, nil
	}, nil
}

var channelLink = regexp.MustCompile(`^(?:https?://)?(?:www\.|m\.)?youtube\.com/channel/(UC[A-Za-z0-9_-]{22})/?$`)

func topYouTubersParser(header []string) (rowParser, error) {
	cols := indexColumns(header)
	if err := cols.need(FormatTopYouTubers, "username", "subscribers", "links"); err != nil {
		return nil, err
	}
	return func(cells []string) (*catalog.Channel, []string, error) {
		r := &row{cols: cols, cells: cells}
		ch := &catalog.Channel{Platform: platform.YouTube}
		link := r.get("links")
		m := channelLink.FindStringSubmatch(link)
		user := strings.TrimPrefix(r.get("username"), "@")
		if m != nil {
			ch.ID = m[1]
		}
		switch err := ValidHandle(ch.Platform, user); {
		case err == nil:
			ch.Handle = user
		case m == nil && user == "":
			return nil, nil, fmt.Errorf("column Links: %s is not a youtube.com/channel/UC… URL and column Username is empty", quote(link))
		case m == nil:
			return nil, nil, fmt.Errorf("column Links: %s is not a youtube.com/channel/UC… URL and column Username: %w", quote(link), err)
		case user != "":
			r.warns = append(r.warns, fmt.Sprintf("Username %s is not a valid YouTube handle; the channel is keyed by its id only", quote(user)))
		}
		if m == nil {
			r.warns = append(r.warns, fmt.Sprintf("Links: %s is not a youtube.com/channel/UC… URL; the channel is keyed by its handle only", quote(link)))
		}
		r.named(ch, user)
		var err error
		if ch.Followers, err = r.count("subscribers"); err != nil {
			return nil, nil, err
		}
		if ch.AvgViews, err = r.count("views"); err != nil {
			return nil, nil, err
		}
		ch.Category, ch.Tags = r.categories(strings.Split(r.get("categories"), ",")...)
		ch.Country = r.country("country")
		ch.URL = catalog.ChannelURL(ch.Platform, ch.ID, ch.Handle)
		if ch.ID != "" {
			// The id is the stable reference the published list gives.
			ch.URL = catalog.ChannelURL(ch.Platform, ch.ID, "")
		}
		return ch, r.warns, nil
	}, nil
}
