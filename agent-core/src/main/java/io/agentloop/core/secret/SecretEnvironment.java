package io.agentloop.core.secret;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Removes variables that look like credentials from an environment before a child process gets
 * it: names with a part such as {@code KEY}, {@code TOKEN}, {@code SECRET} or {@code PASSWORD}
 * ({@code OPENAI_API_KEY}, {@code GITHUB_TOKEN}, {@code DB_PASSWORD}), and values shaped like
 * well-known key formats whatever their name. Names on the allowlist stay. Its two rules are public:
 * redaction uses the same idea of what a secret looks like.
 */
public final class SecretEnvironment {
    private static final Set<String> SECRET_PARTS = Set.of("KEY", "KEYS", "APIKEY", "SECRET", "SECRETS", "TOKEN",
            "TOKENS", "PASSWORD", "PASSWD", "PASS", "PASSPHRASE", "PWD_HASH", "CREDENTIAL", "CREDENTIALS", "PRIVATE",
            "AUTH", "COOKIE", "SIGNATURE");
    /** Well-known key formats (OpenAI, Anthropic, GitHub, Slack, AWS, Google, GitLab), found anywhere in a text. */
    public static final Pattern SECRET_VALUE = Pattern.compile(
            "(sk-[A-Za-z0-9_-]{16,}|sk-ant-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"
                    + "|xox[abpr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|glpat-[A-Za-z0-9_-]{20,})");

    private SecretEnvironment() {
    }

    public static Map<String, String> filter(Map<String, String> environment, Set<String> allowlist) {
        Map<String, String> kept = new LinkedHashMap<>();
        environment.forEach((name, value) -> {
            if (allowlist.contains(name) || !(secretName(name) || secretValue(value))) {
                kept.put(name, value);
            }
        });
        return kept;
    }

    /** Whether a variable's name says it holds a credential ({@code OPENAI_API_KEY}, {@code DB_PASSWORD}). */
    public static boolean secretName(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (upper.contains("APIKEY") || upper.contains("API_KEY") || upper.contains("SECRET")
                || upper.contains("PASSWORD") || upper.contains("TOKEN")) {
            return true;
        }
        for (String part : upper.split("[^A-Z0-9]+")) {
            if (SECRET_PARTS.contains(part)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a text holds something shaped like a well-known key. */
    public static boolean secretValue(String value) {
        return value != null && SECRET_VALUE.matcher(value).find();
    }
}
