package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/library.md lists every event type with its Java accessors, and the list is the records' own:
 * made here from {@link AgentEvent}'s permitted subclasses and their record components, and compared
 * with the page's table, so a new event or a renamed field fails until the page says it too (the
 * failure shows the table to paste).
 */
class EventAccessorsDocTest {
    static final String START = "<!-- event accessors: made from AgentEvent's records, checked by EventAccessorsDocTest -->";
    static final String END = "<!-- end of event accessors -->";

    @Test
    void theLibraryPageListsEveryEventWithItsAccessorsAsTheRecordsHaveThem() throws IOException {
        String page = Files.readString(Path.of(System.getProperty("agentloop.root"), "docs/library.md"));
        int start = page.indexOf(START);
        int end = page.indexOf(END);
        assertThat(start).as("docs/library.md has the line " + START).isNotNegative();
        assertThat(end).as("docs/library.md has the line " + END + " after it").isGreaterThan(start);

        assertThat(page.substring(start + START.length(), end).strip()).as("the table between the two lines")
                .isEqualTo(table());
    }

    @Test
    void theTableNamesEachAccessorWithItsTypeInShortForm() {
        assertThat(table()).contains("| `AgentEvent.RunStarted` | `runId()` String, `agent()` String, "
                + "`parentRunId()` Optional<String> |").contains("`source()` AgentEvent.UsageUpdated.Source");
    }

    /** The table: one row per event, in the order the interface declares them. */
    static String table() {
        List<String> rows = new ArrayList<>(List.of("| event | accessors |", "|---|---|"));
        for (Class<?> event : AgentEvent.class.getPermittedSubclasses()) {
            List<String> accessors = Stream.of(event.getRecordComponents()).map(EventAccessorsDocTest::accessor)
                    .toList();
            rows.add("| `AgentEvent." + event.getSimpleName() + "` | "
                    + (accessors.isEmpty() ? "none" : String.join(", ", accessors)) + " |");
        }
        return String.join("\n", rows);
    }

    private static String accessor(RecordComponent component) {
        String type = component.getGenericType().getTypeName().replaceAll("\\b[a-z][a-z0-9_]*\\.", "")
                .replace('$', '.');
        return "`" + component.getName() + "()` " + type;
    }
}
