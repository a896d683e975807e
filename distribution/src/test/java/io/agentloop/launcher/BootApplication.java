package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spring Boot application as a user writes one with the starter, in a folder of a test's: its pom
 * on {@code spring-boot-starter-parent} with the starter, Web MVC, Actuator and the
 * {@code <properties>} it is given (nothing else of Agentloop's), a bean with a {@code @ToolMethod},
 * a controller that asks the {@code Agent} bean ({@code POST /ask}, answered as JSON by Boot's own
 * Jackson) and an {@code application.yaml} with {@code agentloop.*}. Built with the project's Maven
 * wrapper into an executable jar, which is run as {@code java -jar}.
 */
final class BootApplication {
    static final String JAR = "target/orders-1.0.0.jar";

    /** What a finished command printed. */
    record Outcome(int exit, String output) {
    }

    private final Path folder;

    private BootApplication(Path folder) {
        this.folder = folder;
    }

    /**
     * Writes the application.
     *
     * @param properties the {@code <properties>} element, as docs/library.md shows it
     */
    static BootApplication write(Path folder, Path root, String bootVersion, String agentloopVersion, String properties)
            throws IOException {
        Files.createDirectories(folder.resolve(".mvn/wrapper"));
        Files.copy(root.resolve("mvnw"), folder.resolve("mvnw"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(root.resolve(".mvn/wrapper/maven-wrapper.properties"), folder.resolve(".mvn/wrapper/maven-wrapper.properties"));
        Files.writeString(folder.resolve("pom.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <parent>
                    <groupId>org.springframework.boot</groupId>
                    <artifactId>spring-boot-starter-parent</artifactId>
                    <version>%s</version>
                    <relativePath/>
                  </parent>
                  <groupId>com.example</groupId>
                  <artifactId>orders</artifactId>
                  <version>1.0.0</version>
                  %s
                  <dependencies>
                    <dependency>
                      <groupId>io.agentloop</groupId>
                      <artifactId>agentloop-spring-boot-starter</artifactId>
                      <version>%s</version>
                    </dependency>
                    <dependency>
                      <groupId>org.springframework.boot</groupId>
                      <artifactId>spring-boot-starter-webmvc</artifactId>
                    </dependency>
                    <dependency>
                      <groupId>org.springframework.boot</groupId>
                      <artifactId>spring-boot-starter-actuator</artifactId>
                    </dependency>
                  </dependencies>
                  <build>
                    <plugins>
                      <plugin>
                        <groupId>org.springframework.boot</groupId>
                        <artifactId>spring-boot-maven-plugin</artifactId>
                      </plugin>
                    </plugins>
                  </build>
                </project>
                """.formatted(bootVersion, properties.strip(), agentloopVersion));
        Path code = Files.createDirectories(folder.resolve("src/main/java/com/example/orders"));
        Files.writeString(code.resolve("OrdersApplication.java"), """
                package com.example.orders;

                import org.springframework.boot.SpringApplication;
                import org.springframework.boot.autoconfigure.SpringBootApplication;

                @SpringBootApplication
                public class OrdersApplication {
                    public static void main(String[] args) {
                        SpringApplication.run(OrdersApplication.class, args);
                    }
                }
                """);
        Files.writeString(code.resolve("OrderTools.java"), """
                package com.example.orders;

                import io.agentloop.api.tool.Param;
                import io.agentloop.api.tool.ToolMethod;
                import org.springframework.stereotype.Component;

                @Component
                public class OrderTools {
                    @ToolMethod(name = "order_status", description = "The status of an order.")
                    public String status(@Param(name = "id", description = "the order's number") String id) {
                        return "order " + id + ": shipped on Monday";
                    }
                }
                """);
        Files.writeString(code.resolve("AskController.java"), """
                package com.example.orders;

                import io.agentloop.core.Agent;
                import java.util.Map;
                import org.springframework.web.bind.annotation.PostMapping;
                import org.springframework.web.bind.annotation.RequestBody;
                import org.springframework.web.bind.annotation.RestController;

                @RestController
                public class AskController {
                    private final Agent agent;

                    public AskController(Agent agent) {
                        this.agent = agent;
                    }

                    @PostMapping("/ask")
                    public Map<String, String> ask(@RequestBody Map<String, String> question) {
                        return Map.of("answer", agent.run(question.get("question")).text());
                    }
                }
                """);
        Path resources = Files.createDirectories(folder.resolve("src/main/resources"));
        Files.writeString(resources.resolve("application.yaml"), """
                agentloop:
                  provider: openai
                  model: gpt-test
                  providers:
                    openai:
                      api-key: sk-test-key-123456
                  run:
                    system: You answer questions about orders.
                management:
                  endpoints:
                    web:
                      exposure:
                        include: health
                """);
        return new BootApplication(folder);
    }

    /**
     * Builds the jar with the wrapper and the JDK running the test, on Maven Central for what
     * {@code repository} (head) and {@code tail} (read only) lack.
     */
    Outcome build(Path repository, Path tail) throws Exception {
        Path output = folder.resolve("build.txt");
        ProcessBuilder builder = new ProcessBuilder(folder.resolve("mvnw").toString(), "-B", "-q", "package")
                .directory(folder.toFile()).redirectErrorStream(true).redirectOutput(output.toFile());
        Map<String, String> env = builder.environment();
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.remove("MAVEN_OPTS");
        env.put("MAVEN_ARGS", "-Dmaven.repo.local=" + repository + " -Dmaven.repo.local.tail=" + tail);
        Process process = builder.start();
        boolean exited = process.waitFor(15, TimeUnit.MINUTES);
        if (!exited) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        assertThat(exited).as("the application's build ends: " + Files.readString(output)).isTrue();
        return new Outcome(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }

    /** The built jar started with these arguments; what it prints goes to {@link #log()}. */
    Process start(List<String> arguments) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-jar", folder.resolve(JAR).toString()));
        command.addAll(arguments);
        return new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true)
                .redirectOutput(log().toFile()).start();
    }

    /** What the started application printed so far. */
    Path log() {
        return folder.resolve("application.txt");
    }

    /** The port the started application's web server listens on, once its log says. */
    int port(Process application) throws Exception {
        Pattern started = Pattern.compile("Tomcat started on port (\\d+)");
        Await.until("the application's web server to start", () -> started.matcher(read()).find()
                || !application.isAlive(), this::read);
        Matcher port = started.matcher(read());
        assertThat(port.find()).as("the application started: " + read()).isTrue();
        return Integer.parseInt(port.group(1));
    }

    String read() throws IOException {
        return Files.exists(log()) ? Files.readString(log(), StandardCharsets.UTF_8) : "";
    }
}
