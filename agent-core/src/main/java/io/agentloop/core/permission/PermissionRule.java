package io.agentloop.core.permission;

import io.agentloop.api.permission.Decision;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One permission rule, written {@code tool} or {@code tool(pattern)}: {@code bash(git *)},
 * {@code write(src/**)}, {@code fetch(*.example.com)}, {@code read}, {@code *}. The pattern is
 * matched against what the tool touches: each simple command for {@code bash} ({@code *} matches
 * anything; a trailing {@code " *"} also matches the command with no arguments), a path glob
 * relative to the workspace root for file tools ({@code **} crosses folders), a host glob for
 * network tools. A rule without a pattern covers every call of the tool.
 *
 * @param decision what the rule says
 * @param tool     a tool name, or {@code *} for every tool
 * @param pattern  empty for the whole tool
 */
public record PermissionRule(Decision decision, String tool, Optional<String> pattern) {
    private static final Pattern SYNTAX = Pattern.compile("([A-Za-z0-9_*:-]+)(?:\\((.*)\\))?");

    public PermissionRule {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(pattern, "pattern");
    }

    /**
     * Parses {@code tool} or {@code tool(pattern)}.
     *
     * @throws IllegalArgumentException naming the rule and the expected form
     */
    public static PermissionRule parse(Decision decision, String text) {
        var matcher = SYNTAX.matcher(text.strip());
        if (!matcher.matches() || (matcher.group(2) != null && matcher.group(2).isBlank())) {
            throw new IllegalArgumentException("permission rule '" + text + "' is not of the form tool or "
                    + "tool(pattern), for example bash(git *), write(src/**), fetch(*.example.com)");
        }
        return new PermissionRule(decision, matcher.group(1), Optional.ofNullable(matcher.group(2)).map(String::strip));
    }

    public boolean coversTool(String toolName) {
        return tool.equals("*") || tool.equals(toolName);
    }

    /** Whether the rule covers a call of the tool whatever it touches. */
    public boolean coversWholeTool(String toolName) {
        return pattern.isEmpty() && coversTool(toolName);
    }

    /**
     * Whether a simple command matches, as {@link ShellScript.SimpleCommand#text()}. An allow rule
     * whose pattern has a wildcard does not cover a command that uses an option running code
     * ({@link CodeOptions}) unless the pattern spells that option out.
     */
    boolean matchesCommand(String toolName, ShellScript.SimpleCommand command) {
        if (!coversTool(toolName)) {
            return false;
        }
        if (pattern.isEmpty()) {
            return decision != Decision.ALLOW || CodeOptions.find(command.words()).isEmpty();
        }
        String p = pattern.get().replaceAll("\\s+", " ");
        String regex = p.endsWith(" *") ? glob(p.substring(0, p.length() - 2)) + "( .*)?" : glob(p);
        if (!command.text().matches(regex)) {
            return false;
        }
        if (decision == Decision.ALLOW && p.contains("*")) {
            // The option must be spelled after the program: for xargs or watch the "option" is the program itself.
            Optional<String> risky = CodeOptions.find(command.words());
            return risky.isEmpty() || Arrays.stream(p.split(" ")).skip(1)
                    .anyMatch(word -> word.equals(risky.get()) || word.startsWith(risky.get() + "="));
        }
        return true;
    }

    /** Whether a path (relative to the root when inside it, absolute otherwise) matches. */
    boolean matchesPath(String toolName, String displayPath, Path absolute) {
        if (!coversTool(toolName)) {
            return false;
        }
        if (pattern.isEmpty()) {
            return true;
        }
        String p = pattern.get();
        if (p.startsWith("~/")) {
            p = System.getProperty("user.home") + p.substring(1);
        }
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + p);
        return p.startsWith("/") ? matcher.matches(absolute) : matcher.matches(Path.of(displayPath));
    }

    boolean matchesHost(String toolName, String host) {
        if (!coversTool(toolName)) {
            return false;
        }
        return pattern.isEmpty() || host.toLowerCase(Locale.ROOT).matches(glob(pattern.get().toLowerCase(Locale.ROOT)));
    }

    /** A glob where {@code *} matches anything, as a regular expression. */
    private static String glob(String pattern) {
        return Arrays.stream(pattern.split("\\*", -1)).map(part -> part.isEmpty() ? "" : Pattern.quote(part))
                .collect(Collectors.joining(".*"));
    }

    /** As written in configuration. */
    @Override
    public String toString() {
        return tool + pattern.map(p -> "(" + p + ")").orElse("");
    }
}
