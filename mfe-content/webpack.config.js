// The app's build, from its manifest (app.json): see config/webpack.base.cjs.
module.exports = require('../config/webpack.base.cjs').createConfig(__dirname);
