import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { type UploadResponse, useUploadQueue } from '#web/features/documents/api/use-upload-queue';
import { UploadDropzone } from './upload-dropzone';
import { UploadProgressList } from './upload-progress-list';
import { UploadSectionField, useUploadSection } from './upload-section-field';

interface UploadCardProps {
  title: string;
  description: string;
  /** The sections an upload may be linked into, from the markdown. */
  sectionNames: readonly string[];
  onUploaded?: (uploaded: UploadResponse, section: string | undefined) => void;
}

/** Both Files tabs' upload area: 'Add to section', the drop zone, then each file's progress. */
export function UploadCard({ title, description, sectionNames, onUploaded }: UploadCardProps) {
  const uploads = useUploadQueue();
  const { section, setSection, uploadOptions } = useUploadSection(sectionNames);
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <UploadSectionField sectionNames={sectionNames} value={section} onChange={setSection} />
          <UploadDropzone
            maxBytes={uploads.maxBytes}
            onFiles={(files) => uploads.add(files, { ...uploadOptions, onUploaded })}
            onFolder={(files) => uploads.addFolder(files, { ...uploadOptions, onUploaded })}
          />
        </CardContent>
      </Card>
      <UploadProgressList items={uploads.items} onClear={uploads.clearFinished} />
    </div>
  );
}
