// Moment's ES module build has no types of its own: it is the same API as the package root.
declare module 'moment/dist/moment' {
  import moment from 'moment';
  export default moment;
}
// Its locale files register themselves on import and export nothing we use.
declare module 'moment/dist/locale/*';
