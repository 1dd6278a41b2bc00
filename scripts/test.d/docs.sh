# docs: the Markdown files' relative links and anchors resolve (scripts/check-links)
#
# Every relative link and anchor of the Markdown files resolves (scripts/check-links, a few tens
# of milliseconds). Needs php.
phase_docs() {
	heading "docs"
	if php scripts/check-links >"$WORK/check-links.log" 2>&1; then
		ok "Markdown links and anchors resolve ($(tail -n 1 "$WORK/check-links.log" | sed 's/^check-links: //'))"
	else
		cat "$WORK/check-links.log"
		ko "broken links in the Markdown files (scripts/check-links): fix them or their targets"
	fi
	part_done
}
