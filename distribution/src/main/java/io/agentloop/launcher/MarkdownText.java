package io.agentloop.launcher;

import io.agentloop.core.text.TerminalText;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.LinkReferenceDefinition;
import org.commonmark.node.ListBlock;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.Text;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.Parser;
import org.jline.utils.WCWidth;

/**
 * Markdown (CommonMark and GitHub tables, parsed by commonmark-java) as terminal lines: headings
 * bold and coloured without their {@code #}, emphasis in italics, inline code and code blocks in
 * their own colour (blocks behind a bar, with their language), bulleted and numbered lists
 * indented, quotes behind a bar, tables aligned. Line breaks the model wrote are kept; the terminal
 * wraps long lines. Control characters in the text are shown, not obeyed.
 */
final class MarkdownText {
    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();
    private static final Pattern SGR = Pattern.compile("\u001b\\[[0-9;]*m");

    private final Style style;
    private final int width;

    MarkdownText(Style style, int width) {
        this.style = style;
        this.width = width;
    }

    /** The rendered lines, joined by line feeds, without a final one. */
    String render(String markdown) {
        return String.join("\n", blocks(PARSER.parse(markdown), true));
    }

    private List<String> blocks(Node parent, boolean separated) {
        List<String> lines = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNext()) {
            List<String> block = block(child);
            if (separated && !lines.isEmpty() && !block.isEmpty()) {
                lines.add("");
            }
            lines.addAll(block);
        }
        return lines;
    }

    private List<String> block(Node node) {
        return switch (node) {
            case Heading heading -> List.of(switch (heading.getLevel()) {
                case 1 -> style.bold(style.underline(style.magenta(inline(heading))));
                case 2 -> style.bold(style.magenta(inline(heading)));
                default -> style.bold(inline(heading));
            });
            case Paragraph paragraph -> inline(paragraph).lines().toList();
            case FencedCodeBlock code -> code(code.getLiteral(), code.getInfo());
            case IndentedCodeBlock code -> code(code.getLiteral(), "");
            case BulletList list -> list(list);
            case OrderedList list -> list(list);
            case BlockQuote quote -> blocks(quote, true).stream().map(line -> style.dim(style.bar) + " "
                    + style.italic(line)).toList();
            case ThematicBreak ignored -> List.of(style.dim(style.rule.repeat(Math.min(width - 1, 40))));
            case HtmlBlock html -> TerminalText.printable(html.getLiteral()).lines().toList();
            case TableBlock table -> table(table);
            case LinkReferenceDefinition ignored -> List.of();
            default -> inline(node).lines().toList();
        };
    }

    private List<String> code(String literal, String info) {
        List<String> lines = new ArrayList<>();
        String language = info == null ? "" : info.strip().split("\\s+", 2)[0];
        if (!language.isEmpty()) {
            lines.add(style.dim(style.bar + " " + TerminalText.printable(language)));
        }
        String body = literal.endsWith("\n") ? literal.substring(0, literal.length() - 1) : literal;
        body.lines().forEach(line -> lines.add(style.dim(style.bar) + " "
                + style.yellow(TerminalText.printable(line))));
        return lines;
    }

    private List<String> list(ListBlock list) {
        int depth = 0;
        for (Node up = list.getParent(); up != null; up = up.getParent()) {
            if (up instanceof ListBlock) {
                depth++;
            }
        }
        int number = list instanceof OrderedList ordered && ordered.getMarkerStartNumber() != null
                ? ordered.getMarkerStartNumber() : 1;
        String delimiter = list instanceof OrderedList ordered && ordered.getMarkerDelimiter() != null
                ? ordered.getMarkerDelimiter() : ".";
        List<String> lines = new ArrayList<>();
        for (Node item = list.getFirstChild(); item != null; item = item.getNext()) {
            String marker = list instanceof OrderedList ? (number++) + delimiter
                    : depth == 0 ? style.bullet : style.subBullet;
            String indent = " ".repeat(marker.length() + 1);
            if (!list.isTight() && !lines.isEmpty()) {
                lines.add("");
            }
            List<String> body = item instanceof ListItem ? blocks(item, !list.isTight()) : block(item);
            for (int i = 0; i < body.size(); i++) {
                String line = body.get(i);
                lines.add(i == 0 ? style.cyan(marker) + " " + line : line.isEmpty() ? "" : indent + line);
            }
            if (body.isEmpty()) {
                lines.add(style.cyan(marker));
            }
        }
        return lines;
    }

    private List<String> table(TableBlock table) {
        List<List<String>> rows = new ArrayList<>();
        List<Boolean> header = new ArrayList<>();
        collectRows(table, rows, header);
        int columns = rows.stream().mapToInt(List::size).max().orElse(0);
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < row.size(); c++) {
                widths[c] = Math.max(widths[c], visibleLength(row.get(c)));
            }
        }
        List<String> lines = new ArrayList<>();
        String separator = style.dim(" " + style.bar + " ");
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String cell = c < row.size() ? row.get(c) : "";
                String padded = cell + " ".repeat(widths[c] - visibleLength(cell));
                line.append(c == 0 ? "" : separator).append(header.get(r) ? style.bold(padded) : padded);
            }
            lines.add(line.toString().stripTrailing());
            if (header.get(r) && (r + 1 == rows.size() || !header.get(r + 1))) {
                StringBuilder rule = new StringBuilder();
                for (int c = 0; c < columns; c++) {
                    rule.append(c == 0 ? "" : style.rule.repeat(3)).append(style.rule.repeat(widths[c]));
                }
                lines.add(style.dim(rule.toString()));
            }
        }
        return lines;
    }

    private void collectRows(Node parent, List<List<String>> rows, List<Boolean> header) {
        for (Node child = parent.getFirstChild(); child != null; child = child.getNext()) {
            if (child instanceof TableRow row) {
                List<String> cells = new ArrayList<>();
                boolean isHeader = false;
                for (Node cell = row.getFirstChild(); cell != null; cell = cell.getNext()) {
                    cells.add(inline(cell).replace('\n', ' '));
                    isHeader |= cell instanceof TableCell tableCell && tableCell.isHeader();
                }
                rows.add(cells);
                header.add(isHeader);
            } else {
                collectRows(child, rows, header);
            }
        }
    }

    private String inline(Node parent) {
        StringBuilder text = new StringBuilder();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNext()) {
            text.append(switch (node) {
                case Text plain -> TerminalText.printable(plain.getLiteral());
                case Code code -> style.cyan(TerminalText.printable(code.getLiteral()));
                case Emphasis emphasis -> style.italic(inline(emphasis));
                case StrongEmphasis strong -> style.bold(inline(strong));
                case Link link -> link(link);
                case Image image -> "[image: " + inline(image) + "]";
                case SoftLineBreak ignored -> "\n";
                case HardLineBreak ignored -> "\n";
                case HtmlInline html -> TerminalText.printable(html.getLiteral());
                default -> inline(node);
            });
        }
        return text.toString();
    }

    private String link(Link link) {
        String text = inline(link);
        String destination = TerminalText.printable(link.getDestination() == null ? "" : link.getDestination());
        String shown = style.underline(style.blue(text));
        return destination.isEmpty() || SGR.matcher(text).replaceAll("").equals(destination) ? shown
                : shown + style.dim(" (" + destination + ")");
    }

    /** Columns a styled text takes on a terminal: its characters without the escape sequences, wide ones as two. */
    static int visibleLength(String text) {
        String plain = SGR.matcher(text).replaceAll("");
        return plain.codePoints().map(point -> Math.max(0, WCWidth.wcwidth(point))).sum();
    }

    /** At most {@code columns} terminal columns of {@code text}, cut with an ellipsis. */
    static String fit(String text, int columns, boolean unicode) {
        if (visibleLength(text) <= columns) {
            return text;
        }
        StringBuilder cut = new StringBuilder();
        int used = 0;
        for (int i = 0; i < text.length(); ) {
            int point = text.codePointAt(i);
            int width = Math.max(0, WCWidth.wcwidth(point));
            if (used + width > Math.max(1, columns - 1)) {
                break;
            }
            cut.appendCodePoint(point);
            used += width;
            i += Character.charCount(point);
        }
        return cut + (unicode ? "…" : "~");
    }
}
