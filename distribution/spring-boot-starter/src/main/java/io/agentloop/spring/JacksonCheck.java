package io.agentloop.spring;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * Checks at start-up that the application runs the Jackson the starter was built for: Jackson 3
 * databind of the built minor version or newer, and the Jackson 2 annotations that databind uses.
 * Spring Boot's dependency management pins both ({@code jackson-bom.version} and
 * {@code jackson-2-bom.version}) and wins over what the starter's pom asks for; with older ones the
 * application would start and then fail every JSON request ({@code NoClassDefFoundError} of an
 * annotation). Refused instead with one line naming the property to set.
 */
final class JacksonCheck {
    private static final String ANNOTATIONS_POM =
            "/META-INF/maven/com.fasterxml.jackson.core/jackson-annotations/pom.properties";

    /**
     * What the starter was built against, written in at build time.
     *
     * @param databind    the Jackson 3 version ({@code 3.2.4})
     * @param annotations the Jackson 2 annotations it uses ({@code 2.22})
     * @param jackson2Bom a Jackson 2 release whose BOM manages those annotations, to name to users
     */
    record Built(String databind, String annotations, String jackson2Bom) {
        static Built read() {
            try (InputStream in = JacksonCheck.class.getResourceAsStream("jackson.properties")) {
                if (in == null) {
                    throw new IllegalStateException("jackson.properties is missing from the starter's jar: rebuild it");
                }
                Properties built = new Properties();
                built.load(in);
                return new Built(built.getProperty("databind"), built.getProperty("annotations"),
                        built.getProperty("jackson2-bom"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private JacksonCheck() {
    }

    /** @throws StartupRefusal naming the Maven property to set, when the application's Jackson is older */
    static void require() {
        Optional<StartupRefusal> refusal = refusal(tools.jackson.databind.cfg.PackageVersion.VERSION.toString(),
                runningAnnotations(), Built.read());
        if (refusal.isPresent()) {
            throw refusal.get();
        }
    }

    /**
     * What is wrong with the Jackson the application runs, in one line naming the property to set;
     * empty when it is one the starter was built for.
     *
     * @param annotations the annotations' version, empty when their jar does not say
     */
    static Optional<StartupRefusal> refusal(String databind, Optional<String> annotations, Built built) {
        List<String> older = new ArrayList<>();
        List<String> set = new ArrayList<>();
        if (before(databind, built.databind())) {
            older.add("Jackson " + databind + " (tools.jackson.core:jackson-databind; it needs " + minor(built.databind())
                    + " or newer)");
            set.add(property("jackson-bom.version", built.databind()));
        }
        if (annotations.filter(version -> before(version, built.annotations())).isPresent()) {
            older.add("the Jackson 2 annotations " + annotations.get() + " (com.fasterxml.jackson.core:"
                    + "jackson-annotations, which Jackson 3 uses; it needs " + minor(built.annotations()) + " or newer)");
            set.add(property("jackson-2-bom.version", built.jackson2Bom()));
        }
        if (older.isEmpty()) {
            return Optional.empty();
        }
        String properties = String.join(" and ", set);
        return Optional.of(new StartupRefusal("Agentloop's starter is built for Jackson " + built.databind()
                + " and this application runs " + String.join(" and ", older) + ": set " + properties
                + " in the pom's <properties> (with spring-boot-starter-parent), or import the Jackson BOMs of those "
                + "versions before spring-boot-dependencies",
                "Set " + properties + " in the application's pom.xml (docs/library.md, section Spring Boot)"));
    }

    private static String property(String name, String value) {
        return "<" + name + ">" + value + "</" + name + ">";
    }

    /** The annotations' version: their jar's Maven properties, else its manifest; empty when neither says. */
    static Optional<String> runningAnnotations() {
        try (InputStream in = JsonProperty.class.getResourceAsStream(ANNOTATIONS_POM)) {
            if (in != null) {
                Properties pom = new Properties();
                pom.load(in);
                Optional<String> version = Optional.ofNullable(pom.getProperty("version"));
                if (version.isPresent()) {
                    return version;
                }
            }
        } catch (IOException e) {
            // the manifest may still say
        }
        return Optional.ofNullable(JsonProperty.class.getPackage().getImplementationVersion());
    }

    /** Whether {@code version}'s major and minor come before {@code built}'s ({@code 3.1.4} before {@code 3.2}). */
    static boolean before(String version, String built) {
        int[] running = majorMinor(version);
        int[] needed = majorMinor(built);
        return running[0] != needed[0] ? running[0] < needed[0] : running[1] < needed[1];
    }

    private static String minor(String version) {
        int[] parts = majorMinor(version);
        return parts[0] + "." + parts[1];
    }

    private static int[] majorMinor(String version) {
        String[] parts = version.strip().split("[.-]");
        return new int[] {number(parts[0]), parts.length > 1 ? number(parts[1]) : 0};
    }

    private static int number(String part) {
        String digits = part.replaceAll("\\D.*", "");
        return digits.isEmpty() ? 0 : Integer.parseInt(digits);
    }
}
