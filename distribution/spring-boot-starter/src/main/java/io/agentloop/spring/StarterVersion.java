package io.agentloop.spring;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The Agentloop version this starter was built as, written into it at build time: what plugins'
 * {@code Plugin-Requires} is checked against, as the launcher checks it.
 */
final class StarterVersion {
    private StarterVersion() {
    }

    /** The version without its qualifier ({@code 0.1.0} of {@code 0.1.0-SNAPSHOT}). */
    static String platform() {
        String version = Held.VALUE;
        int qualifier = version.indexOf('-');
        return qualifier < 0 ? version : version.substring(0, qualifier);
    }

    /** Read once, on first use. */
    private static final class Held {
        static final String VALUE = read();

        private static String read() {
            try (InputStream in = StarterVersion.class.getResourceAsStream("version.properties")) {
                if (in == null) {
                    throw new IllegalStateException("version.properties is missing from the starter's jar: rebuild it");
                }
                Properties properties = new Properties();
                properties.load(in);
                return properties.getProperty("version");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
