package io.agentloop.tools.web;

import java.util.regex.Pattern;

/** Turns an HTML page into readable text for the model: scripts, styles and tags out, blocks as lines. */
final class HtmlText {
    private static final Pattern HIDDEN = Pattern.compile("(?is)<(script|style|noscript|template|svg)\\b.*?</\\1\\s*>");
    private static final Pattern COMMENT = Pattern.compile("(?s)<!--.*?-->");
    private static final Pattern BLOCK = Pattern.compile("(?i)</?(p|div|br|li|tr|h[1-6]|section|article|pre|ul|ol|table)\\b[^>]*>");
    private static final Pattern TAG = Pattern.compile("(?s)<[^>]*>");

    private HtmlText() {
    }

    static String of(String html) {
        String text = HIDDEN.matcher(html).replaceAll(" ");
        text = COMMENT.matcher(text).replaceAll(" ");
        text = BLOCK.matcher(text).replaceAll("\n");
        text = TAG.matcher(text).replaceAll("");
        text = text.replace("&nbsp;", " ").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
                .replace("&#39;", "'").replace("&amp;", "&");
        return text.replaceAll("[ \\t\\x0B\\f\\r]+", " ").replaceAll(" ?\\n[ \\n]*", "\n").strip();
    }
}
