import { Dialog, DialogContent, DialogHeading } from "~/components/ui/dialog";
import type { SizeGuideTable } from "~/routes/shop/size-guide";

/** The size guide's measurements table, in a dialog (loaded when first opened). */
export default function SizeGuideDialog({ guide, onClose }: { guide: SizeGuideTable; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeading title="Size guide" description={`${guide.title}: body measurements in centimetres.`} />
        <table className="w-full text-sm">
          <caption className="sr-only">{guide.title} measurements</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-4 font-medium">
                Size
              </th>
              {guide.columns.map((column) => (
                <th key={column} scope="col" className="py-2 pr-4 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {guide.rows.map((row) => (
              <tr key={row.size} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-4 text-left font-medium">
                  {row.size}
                </th>
                {row.values.map((value, index) => (
                  <td key={guide.columns[index]} className="py-2 pr-4 tabular-nums">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground text-sm">
          {guide.howToMeasure.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
