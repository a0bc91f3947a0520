namespace LabReport.Sections;

/// <summary>
/// One post's part of the report: reads the post's files from a run, judges its published claims and draws its charts.
/// Adding a post to the report is adding one implementation to <see cref="PostSections.All"/>.
/// </summary>
public interface IPostSection
{
    /// <summary>The post's folder in a run and its name in its claims.json.</summary>
    string Post { get; }

    /// <summary>Builds the section; never throws for a problem of the run (it reports it instead).</summary>
    PostReport Build(SectionContext context);
}
