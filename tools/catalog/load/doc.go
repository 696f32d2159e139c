// Package load reads channel catalogs from external files: our own CSV
// and JSONL formats, and the real published top-creator layouts that
// users feed the product. Every record of a file is either accepted as a
// catalog.Channel or reported as a Rejection with the file, the physical
// line where the record starts and the reason; nothing is dropped
// silently. Rows that are accepted with a value dropped or repaired (an
// unknown country, an invalid handle next to a valid channel id, a field
// in a legacy 8-bit encoding) get a Warning of the same shape.
//
// # Formats
//
// LoadFile picks the format from the file: ".jsonl" and ".ndjson" files,
// and files whose first non-blank byte is "{", are JSONL; everything else
// is CSV whose header row names the layout. WithFormat forces one.
//
//	csv                       our CSV format (below)
//	jsonl                     our JSONL format (below)
//	influencers-instagram     Rank,name,instagram name,Category_1,Category_2,followers,followers,country,Eng. (Auth.)×2,Eng. (Avg.)×2
//	influencers-tiktok        Rank,Tiktoker name,Tiktok name,followers,views(avg)×2,likes(avg.)×2,comments(avg.)×2,shares(avg.)×2
//	influencers-youtube       s.no,Youtube channel,youtuber name,Category,Followers×2,Country,Views (Avg.)×2,Likes (Avg.)×2,Comments (Avg.)×2,Category-2
//	top-youtubers-with-links  Rank,Username,Categories,Subscribers,Country,Views,Likes,Comments,Links
//
// # Our CSV format
//
// UTF-8, comma-separated, RFC 4180 quoting (a quoted cell may hold commas,
// quotes doubled, and newlines), an optional byte order mark. The first
// row is the header: column names are catalog.Channel's JSON names, in any
// order, case-insensitive; an unknown or repeated column is an error for
// the whole file. One channel per row:
//
//	platform      youtube | instagram | tiktok | x (aliases such as "yt", "IG", "twitter" accepted);
//	              required unless WithPlatform gives the default
//	id            YouTube channel id "UC" + 22 characters; on other platforms a numeric user id
//	handle        the @-name, with or without "@", valid by the platform's rules (see ValidHandle)
//	aliases       YouTube legacy /c/ and /user/ names, separated by "|"
//	name          display name (required; any script, emoji kept)
//	url           a channel URL; fills id or handle when those cells are empty and must agree
//	              with them otherwise. The stored URL is always the canonical one
//	description   free text
//	tags          separated by "|"
//	category      a taxonomy category code or name in zh or en ("automotive", "汽车", "car reviews")
//	country       ISO 3166-1 alpha-2 code or a country name in zh or en ("US", "美国", "Brasil");
//	              "Unknown", "N/A" and "-" mean empty
//	language      ISO 639-1 code or a language name ("en", "中文", "Spanish")
//	followers     count (below)
//	avg_views     count
//	avg_engagement count: average interactions per post (0 or empty: unknown; the
//	              engagement rate then uses avg_views)
//	last_post_at  RFC 3339 ("2026-03-01T12:00:00Z") or YYYY-MM-DD (read as UTC midnight)
//	recent_titles separated by "|"
//	content_ids   separated by "|"; YouTube 11-character video ids, Instagram shortcodes,
//	              TikTok and X numeric ids
//	source        ignored: the loader sets Source to "<file>:<line>"
//
// Only name and one of handle, id or url are required; empty cells are
// unknown values. Counts are non-negative and accept "12345", "12,345",
// "48.5M", "30.8K", "1.5B", "1.2w", "1.2万", "3亿" and decimals
// ("199.5" rounds to 200).
//
// # Our JSONL format
//
// UTF-8, one JSON object per line with the same field names; blank lines
// are skipped. Lists are JSON arrays of strings (a string is split at
// "|"); counts are JSON numbers or strings in the count syntax above;
// last_post_at is a string. An unknown field rejects the row (it is most
// likely a misspelt one). A line longer than MaxLineBytes is rejected.
//
// # The published layouts
//
// Header cells are compared case-insensitively with runs of white space
// (including the newlines inside quoted cells) collapsed. Where a layout
// repeats a column name (an abbreviated "409.8M" and a numeric
// "409800000" copy), the plain number is used. What each layout gives:
//
//	influencers-instagram     handle (name), name (instagram name), Category_1 then Category_2,
//	                          followers, country, Eng. (Avg.) as AvgEngagement (average
//	                          likes and comments per post: the engagement rate's
//	                          numerator). It has no views: AvgViews stays 0.
//	influencers-tiktok        handle (Tiktoker name), name (Tiktok name), followers, views(avg).
//	                          No category or country.
//	influencers-youtube       handle (Youtube channel), name (youtuber name), Category then
//	                          Category-2, Followers, Country, Views (Avg.). About a third of its
//	                          "Youtube channel" cells are display names ("Like Nastya") rather
//	                          than handles; with no id either, those rows are rejected.
//	top-youtubers-with-links  id from Links (http://youtube.com/channel/UC…), handle and name
//	                          from Username (kept as the handle when it is a valid one), the
//	                          comma-separated Categories, Subscribers, Country, Views.
//
// Categories map to taxonomy codes through taxonomy.Categories and a table
// of the names these files use ("Cinema & Actors/actresses" → film, "Toys"
// → family); every raw category text is also kept as a tag. Countries map
// through taxonomy.Countries and a table of the Spanish and other names
// the files use ("Filipinas" → PH, "Argelia" → DZ); "Unknown" and empty
// are no country.
//
// # Rejections
//
// A row is rejected, with its line and a reason, when it has the wrong
// number of cells, broken quoting, invalid UTF-8 (our formats), a missing
// name, no usable handle or id, an invalid handle, id or content id, an
// unparseable or negative count, an unparseable date, an unknown platform,
// category, country or language (our formats), or an over-long value. In
// the real layouts an unknown country or category is kept as empty with a
// warning (the raw category text is kept in Tags), an empty display name
// falls back to the handle with a warning, and cells in the legacy
// Windows-1252 encoding some of them contain ("Espa\xf1a") are repaired
// with a warning.
//
// A file that cannot be opened, read or recognised is an error naming the
// file, not a rejection. The same channel in two rows or two files is
// found when the catalog is built: BuildCatalog rejects a row whose handle
// or id an earlier row has (merging the id, aliases and content ids it
// adds into that row, so every URL either file gives still resolves) and
// turns catalog.New's remaining conflicts into report lines.
package load
