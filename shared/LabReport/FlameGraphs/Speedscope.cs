using System.Text;
using System.Text.Json;

namespace LabReport.FlameGraphs;

/// <summary>
/// Folded stacks as a speedscope file (its documented JSON format: one "sampled" profile, frames shared by index, one
/// weighted sample per folded line), for readers who browse profiles in speedscope.
/// </summary>
public static class Speedscope
{
    /// <summary>The format's schema address, which speedscope reads to recognise the file.</summary>
    public const string Schema = "https://www.speedscope.app/file-format-schema.json";

    /// <summary>The JSON document of <paramref name="stacks"/>, named <paramref name="name"/>.</summary>
    public static string Json(FoldedStacks stacks, string name)
    {
        ArgumentNullException.ThrowIfNull(stacks);
        var frames = new List<string>();
        var index = new Dictionary<string, int>(StringComparer.Ordinal);
        int Frame(string f)
        {
            if (!index.TryGetValue(f, out int i))
            {
                i = frames.Count;
                frames.Add(f);
                index.Add(f, i);
            }

            return i;
        }

        var samples = stacks.Stacks.Select(s => s.Frames.Select(Frame).ToArray()).ToList();
        using var stream = new MemoryStream();
        using (var w = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = false }))
        {
            w.WriteStartObject();
            w.WriteString("$schema", Schema);
            w.WriteString("name", name);
            w.WriteString("exporter", "LabReport flame");
            w.WriteNumber("activeProfileIndex", 0);
            w.WriteStartObject("shared");
            w.WriteStartArray("frames");
            foreach (string f in frames)
            {
                w.WriteStartObject();
                w.WriteString("name", f);
                w.WriteEndObject();
            }

            w.WriteEndArray();
            w.WriteEndObject();
            w.WriteStartArray("profiles");
            w.WriteStartObject();
            w.WriteString("type", "sampled");
            w.WriteString("name", name);
            w.WriteString("unit", "none");
            w.WriteNumber("startValue", 0);
            w.WriteNumber("endValue", stacks.Root.Samples);
            w.WriteStartArray("samples");
            foreach (int[] stack in samples)
            {
                w.WriteStartArray();
                foreach (int f in stack)
                {
                    w.WriteNumberValue(f);
                }

                w.WriteEndArray();
            }

            w.WriteEndArray();
            w.WriteStartArray("weights");
            foreach (var (_, count) in stacks.Stacks)
            {
                w.WriteNumberValue(count);
            }

            w.WriteEndArray();
            w.WriteEndObject();
            w.WriteEndArray();
            w.WriteEndObject();
        }

        return Encoding.UTF8.GetString(stream.ToArray()) + "\n";
    }
}
