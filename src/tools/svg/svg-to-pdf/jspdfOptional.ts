// Stands in for html2canvas and canvg (vite.config.ts aliases them here): jsPDF imports them only for
// doc.html() and doc.addSvgAsImage(), which this app never calls; svg2pdf.js draws our SVGs as vectors.
const unused = () => {
  throw new Error('html2canvas and canvg are not part of this build');
};
export default unused;
export const Canvg = { fromString: unused };
